import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calledUrls, jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { buildProduct, buildVariant } from '@/testing/product-factory';
import { renderApp } from '@/testing/test-utils';
import type { Product } from '@/types/product';

const serve = (product: Product) =>
  mockFetch((url) =>
    url.pathname === `/api/products/${product.id}`
      ? jsonResponse({ product })
      : jsonResponse({ error: 'Not found' }, 404),
  );

describe('/product/:id', () => {
  it('shows title, price, struck-through MRP, colour, description and specs', async () => {
    const product = buildProduct({
      title: 'Graffiti Cargo Pants',
      basePrice: 159900,
      mrp: 249900,
      colorName: 'Olive',
      colorHex: '#556b2f',
      description: 'Six pockets, tapered leg.',
      fabric: 'Cotton',
      sleeveType: 'FULL',
      weightGrams: 420,
    });
    const fetchMock = serve(product);

    renderApp(`/product/${product.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Graffiti Cargo Pants' })).toBeInTheDocument();
    expect(calledUrls(fetchMock, '/api/products')[0]?.pathname).toBe(`/api/products/${product.id}`);
    expect(screen.getByText('₹1599.00')).toBeInTheDocument();
    expect(screen.getByText('₹2499.00').tagName).toBe('S');
    expect(screen.getByText('Olive')).toBeInTheDocument();
    expect(screen.getByText('Six pockets, tapered leg.')).toBeInTheDocument();
    expect(screen.getByText('Cotton')).toBeInTheDocument();
    expect(screen.getByText('Full sleeve')).toBeInTheDocument();
    expect(screen.getByText('420 g')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back/ })).toBeInTheDocument();
  });

  it('hides the MRP when it is not above the price and says when there are no specs', async () => {
    const product = buildProduct({ basePrice: 99900, mrp: 99900 });
    serve(product);

    renderApp(`/product/${product.id}`);

    expect(await screen.findByText('No additional specs.')).toBeInTheDocument();
    expect(screen.getAllByText('₹999.00')).toHaveLength(1);
  });

  it('lists variant sizes in order and disables the unavailable ones', async () => {
    const product = buildProduct({
      variants: [buildVariant('XL'), buildVariant('s'), buildVariant('M'), buildVariant('XXXL')],
      availableSizes: ['S', 'XL'],
    });
    serve(product);

    renderApp(`/product/${product.id}`);

    const group = await screen.findByRole('group', { name: 'Size' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['S', 'M', 'XL', 'XXXL']);
    expect(within(group).getByRole('button', { name: 'S' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'XL' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'M (unavailable)' })).toBeDisabled();
    expect(within(group).getByRole('button', { name: 'XXXL (unavailable)' })).toBeDisabled();
  });

  it('shows every image with thumbnails, primary first', async () => {
    const product = buildProduct({
      images: [
        { url: '/media/back.jpg', altText: 'Back view', isPrimary: false, position: 0 },
        { url: '/media/front.jpg', altText: 'Front view', isPrimary: true, position: 1 },
      ],
    });
    serve(product);

    renderApp(`/product/${product.id}`);

    expect(await screen.findByRole('img', { name: 'Front view' })).toHaveAttribute(
      'src',
      `${window.location.origin}/media/front.jpg`,
    );
    expect(screen.getAllByRole('button', { name: /Show image/ })).toHaveLength(2);
  });

  it('shows the error text when the product cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ error: 'Product not found' }, 404));

    renderApp('/product/missing');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load product');
  });
});
