import type { Product } from '@/types/product';

export type CardImage = {
  url: string;
  alt: string;
};

const hasUrl = (url: string | null | undefined): url is string => typeof url === 'string' && url.trim() !== '';

/** The picture a card shows: the primary image, else imageUrl, else the first by position; null when none. */
export function getCardImage(product: Pick<Product, 'images' | 'imageUrl' | 'title'>): CardImage | null {
  const images = product.images.filter((image) => hasUrl(image.url));
  const primary = images.find((image) => image.isPrimary);
  if (primary) return { url: primary.url, alt: primary.altText || product.title };
  if (hasUrl(product.imageUrl)) return { url: product.imageUrl, alt: product.title };
  const first = [...images].sort((a, b) => a.position - b.position)[0];
  return first ? { url: first.url, alt: first.altText || product.title } : null;
}
