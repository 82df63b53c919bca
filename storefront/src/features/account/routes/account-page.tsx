import { Page } from '@/components/ui/page';

export function AccountPage() {
  return <Page title="Account" />;
}
