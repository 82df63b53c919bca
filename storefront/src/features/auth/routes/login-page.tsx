import { Page } from '@/components/ui/page';

export function LoginPage() {
  return <Page title="Sign in" />;
}
