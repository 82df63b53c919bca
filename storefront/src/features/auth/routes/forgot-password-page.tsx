import { Page } from '@/components/ui/page';

export function ForgotPasswordPage() {
  return <Page title="Forgot password" />;
}
