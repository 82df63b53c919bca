import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calledUrls, jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { buildProduct } from '@/testing/product-factory';
import { renderApp } from '@/testing/test-utils';
import type { Product } from '@/types/product';

const productsResponse = (products: Product[]) => jsonResponse({ products, total: products.length });

describe('/shop', () => {
  it('renders a card per product from the API response', async () => {
    const hoodie = buildProduct({ title: 'Night Rider Hoodie', basePrice: 189900 });
    const polo = buildProduct({ title: 'Concrete Polo', basePrice: 99900 });
    mockFetch(() => productsResponse([hoodie, polo]));

    renderApp('/shop');

    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Night Rider Hoodie/ })).toHaveAttribute(
      'href',
      `/product/${hoodie.id}`,
    );
    expect(screen.getByText('₹1899.00')).toBeInTheDocument();
    expect(screen.getByText('₹999.00')).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));

    renderApp('/shop');

    expect(await screen.findByRole('status', { name: 'Loading products' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('shows the empty text for an empty list', async () => {
    mockFetch(() => productsResponse([]));

    renderApp('/shop');

    expect(
      await screen.findByText('Nothing here yet. Try another subcategory or switch to Lowers/Uppers.'),
    ).toBeInTheDocument();
  });

  it('shows the error text when the API answers 500', async () => {
    mockFetch(() => jsonResponse({ error: 'Internal error' }, 500));

    renderApp('/shop');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load products');
    expect(screen.queryByTestId('product-card')).toBeNull();
  });

  it('asks for active men products by default', async () => {
    const fetchMock = mockFetch(() => productsResponse([]));

    renderApp('/shop');
    await screen.findByText(/Nothing here yet/);

    const [url] = calledUrls(fetchMock, '/api/products');
    expect(url?.pathname).toBe('/api/products');
    expect(url?.search).toBe('?active=true&gender=MEN&limit=24');
  });

  it('sends type and subcategory for men from the URL', async () => {
    const fetchMock = mockFetch(() => productsResponse([]));

    renderApp('/shop?g=MEN&type=LOWERS&sub=Cargo%20pants');
    await screen.findByText(/Nothing here yet/);

    const params = calledUrls(fetchMock, '/api/products')[0]?.searchParams;
    expect(params?.get('categoryType')).toBe('LOWERS');
    expect(params?.get('subcategory')).toBe('Cargo pants');
    expect(params?.has('styleGroup')).toBe(false);
    expect(screen.getByRole('button', { name: 'Cargo pants' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('choosing LOWERS selects its first subcategory and reloads', async () => {
    const fetchMock = mockFetch(() => productsResponse([]));

    renderApp('/shop?g=MEN&type=UPPERS&sub=Polo');
    await screen.findByText(/Nothing here yet/);
    fireEvent.click(screen.getByRole('button', { name: 'LOWERS' }));
    await screen.findByRole('button', { name: 'Jeans' });

    const last = calledUrls(fetchMock, '/api/products').at(-1)?.searchParams;
    expect(last?.get('categoryType')).toBe('LOWERS');
    expect(last?.get('subcategory')).toBe('Jeans');
    expect(screen.getByRole('button', { name: 'Jeans' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switching to WOMEN shows the style switch and sends the style group', async () => {
    const fetchMock = mockFetch(() => productsResponse([]));

    renderApp('/shop?g=MEN&type=UPPERS&sub=Hoodies');
    await screen.findByText(/Nothing here yet/);
    fireEvent.click(screen.getByRole('button', { name: 'WOMEN' }));
    fireEvent.click(await screen.findByRole('button', { name: 'TRADITIONS' }));
    await screen.findByText(/Nothing here yet/);

    expect(screen.queryByRole('button', { name: 'UPPERS' })).toBeNull();
    const last = calledUrls(fetchMock, '/api/products').at(-1)?.searchParams;
    expect(last?.get('gender')).toBe('WOMEN');
    expect(last?.get('styleGroup')).toBe('TRADITIONS');
    expect(last?.has('categoryType')).toBe(false);
    expect(last?.has('subcategory')).toBe(false);
  });
});
