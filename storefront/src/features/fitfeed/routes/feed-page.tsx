import { Page } from '@/components/ui/page';

export function FeedPage() {
  return <Page title="FitFeed" />;
}
