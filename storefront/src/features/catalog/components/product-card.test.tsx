import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProduct } from '@/testing/product-factory';
import { renderWithProviders } from '@/testing/test-utils';
import type { ProductImage } from '@/types/product';
import { ProductCard } from './product-card';

const image = (url: string, overrides: Partial<ProductImage> = {}): ProductImage => ({
  url,
  altText: null,
  isPrimary: false,
  position: 0,
  ...overrides,
});

const origin = window.location.origin;

function renderCardImage(...args: Parameters<typeof buildProduct>) {
  const product = buildProduct(...args);
  renderWithProviders(<ProductCard product={product} />);
  return { product, card: screen.getByTestId('product-card') };
}

describe('ProductCard image', () => {
  it('uses the primary image even when imageUrl and earlier images exist', () => {
    const { card } = renderCardImage({
      imageUrl: '/media/legacy.jpg',
      images: [
        image('/media/first.jpg', { position: 0 }),
        image('/media/primary.jpg', { position: 1, isPrimary: true }),
      ],
    });
    expect(card.querySelector('img')).toHaveAttribute('src', `${origin}/media/primary.jpg`);
  });

  it('falls back to imageUrl when no image is primary', () => {
    const { card } = renderCardImage({
      imageUrl: '/media/legacy.jpg',
      images: [image('/media/first.jpg')],
    });
    expect(card.querySelector('img')).toHaveAttribute('src', `${origin}/media/legacy.jpg`);
  });

  it('falls back to the first image by position when there is no primary and no imageUrl', () => {
    const { card } = renderCardImage({
      imageUrl: null,
      images: [image('/media/second.jpg', { position: 2 }), image('/media/first.jpg', { position: 1 })],
    });
    expect(card.querySelector('img')).toHaveAttribute('src', `${origin}/media/first.jpg`);
  });

  it('resolves relative paths against the page origin', () => {
    const { card } = renderCardImage({
      images: [image('media/relative.jpg', { isPrimary: true })],
    });
    expect(card.querySelector('img')).toHaveAttribute('src', `${origin}/media/relative.jpg`);
  });

  it('uses http(s) addresses as they are', () => {
    const { card } = renderCardImage({
      imageUrl: 'https://cdn.example.test/a.jpg?w=600',
      images: [],
    });
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.test/a.jpg?w=600');
  });

  it('renders no img when the product has no image at all', () => {
    const { card } = renderCardImage({ imageUrl: null, images: [] });
    expect(card.querySelector('img')).toBeNull();
  });
});

describe('ProductCard', () => {
  it('links the whole card to the product page and names it by the title', () => {
    const { product } = renderCardImage({ id: 'prod_abc', title: 'Shadow Oversized Tee' });
    const link = screen.getByRole('link', { name: /Shadow Oversized Tee/ });
    expect(link).toHaveAttribute('href', '/product/prod_abc');
    expect(link).toHaveAttribute('data-testid', 'product-card');
    expect(product.id).toBe('prod_abc');
  });

  it('shows the price in rupees from paise', () => {
    renderCardImage({ basePrice: 249950 });
    expect(screen.getByText('₹2499.50')).toBeInTheDocument();
  });
});
