import { Page } from '@/components/ui/page';

export function PaymentsPage() {
  return <Page title="Checkout" />;
}
