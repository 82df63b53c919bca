import { Page } from '@/components/ui/page';

export function CartPage() {
  return <Page title="Cart" />;
}
