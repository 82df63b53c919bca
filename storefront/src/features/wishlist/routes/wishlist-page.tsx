import { Page } from '@/components/ui/page';

export function WishlistPage() {
  return <Page title="Wardrobe" />;
}
