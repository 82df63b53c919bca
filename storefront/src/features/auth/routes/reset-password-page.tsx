import { Page } from '@/components/ui/page';

export function ResetPasswordPage() {
  return <Page title="Reset password" />;
}
