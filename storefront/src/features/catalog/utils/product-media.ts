import type { Product, ProductImage } from '@/types/product';

/** The catalogue's photos are 800×1000 (4:5); img width and height reserve that space before they load. */
export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 1000;

const ABSOLUTE_HTTP_URL = /^https?:\/\//i;

/** http(s) addresses are used as they are; relative paths (e.g. /media/…) resolve against this origin. */
export function resolveMediaUrl(url: string): string {
  if (ABSOLUTE_HTTP_URL.test(url)) return url;
  return new URL(url, window.location.origin).href;
}

const byPosition = (a: ProductImage, b: ProductImage) => a.position - b.position;

const usableImages = (images: ProductImage[]) => images.filter((image) => image.url.trim() !== '');

/** The displayed image: the primary image, else imageUrl, else the first image; null when there is none. */
export function getPrimaryImageUrl(product: Pick<Product, 'images' | 'imageUrl'>): string | null {
  const images = usableImages(product.images);
  const primary = images.find((image) => image.isPrimary);
  if (primary) return resolveMediaUrl(primary.url);
  if (product.imageUrl && product.imageUrl.trim() !== '') return resolveMediaUrl(product.imageUrl);
  const first = [...images].sort(byPosition)[0];
  return first ? resolveMediaUrl(first.url) : null;
}

export type GalleryImage = {
  url: string;
  alt: string;
};

/** All images in position order, primary first; falls back to imageUrl when the product has no images. */
export function getGalleryImages(product: Pick<Product, 'images' | 'imageUrl' | 'title'>): GalleryImage[] {
  const images = usableImages(product.images).sort(byPosition);
  const primaryIndex = images.findIndex((image) => image.isPrimary);
  const ordered =
    primaryIndex > 0
      ? [images[primaryIndex], ...images.slice(0, primaryIndex), ...images.slice(primaryIndex + 1)]
      : images;
  const gallery = ordered.flatMap((image) =>
    image ? [{ url: resolveMediaUrl(image.url), alt: image.altText || product.title }] : [],
  );
  if (gallery.length > 0) return gallery;
  if (product.imageUrl && product.imageUrl.trim() !== '') {
    return [{ url: resolveMediaUrl(product.imageUrl), alt: product.title }];
  }
  return [];
}

export type GalleryItem = ({ kind: 'image' } & GalleryImage) | { kind: 'video'; url: string };

/** The gallery's items: every image (primary first), then every video. */
export function getGalleryMedia(product: Pick<Product, 'images' | 'imageUrl' | 'title' | 'videos'>): GalleryItem[] {
  const images = getGalleryImages(product).map((image): GalleryItem => ({ kind: 'image', ...image }));
  const videos = product.videos
    .filter((video) => video.url.trim() !== '')
    .map((video): GalleryItem => ({ kind: 'video', url: resolveMediaUrl(video.url) }));
  return [...images, ...videos];
}
