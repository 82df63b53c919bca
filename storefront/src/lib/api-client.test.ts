import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { ApiError, apiClient, buildUrl } from './api-client';

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('buildUrl', () => {
  it('leaves out empty, null and undefined values', () => {
    expect(buildUrl('/api/products', { a: 'x', b: '', c: null, d: undefined, e: 0, f: false })).toBe(
      '/api/products?a=x&e=0&f=false',
    );
  });

  it('returns the bare path without params', () => {
    expect(buildUrl('/api/products')).toBe('/api/products');
  });
});

describe('apiClient', () => {
  it('sends same-origin GET requests with cookies and parses JSON', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));

    await expect(apiClient.get('/api/ping', { params: { q: 'hi' } })).resolves.toEqual({ ok: true });
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(input).toBe('/api/ping?q=hi');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
  });

  it('sends a JSON body', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}, 201));

    await apiClient.post('/api/things', { name: 'x' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"x"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("throws the server's error field with the status", async () => {
    mockFetch(() => jsonResponse({ error: 'Product not found', message: 'ignored' }, 404));

    const error = await captureError(apiClient.get('/api/products/x'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Product not found');
  });

  it('falls back to the message field', async () => {
    mockFetch(() => jsonResponse({ message: 'Slow down' }, 429));

    const error = await captureError(apiClient.get('/api/products'));
    expect(error.message).toBe('Slow down');
  });

  it('falls back to a generic text when the body has neither', async () => {
    mockFetch(() => new Response('<html>oops</html>', { status: 502 }));

    const error = await captureError(apiClient.get('/api/products'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed with status 502');
  });
});
