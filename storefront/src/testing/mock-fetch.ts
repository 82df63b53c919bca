import { vi } from 'vitest';

export type FetchHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const requestUrl = (input: RequestInfo | URL): URL => {
  const raw = input instanceof Request ? input.url : String(input);
  return new URL(raw, window.location.origin);
};

/** Answers the app's fetch calls with `handler`; returns the mock so tests can inspect requests. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(requestUrl(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs the mock was called with, in order. */
export const calledUrls = (fetchMock: ReturnType<typeof mockFetch>): URL[] =>
  fetchMock.mock.calls.map(([input]) => requestUrl(input));
