import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetRefreshState } from '@/lib/api-client';
import { resetSessionMemory } from '@/lib/session';

/** jsdom has no layout, so it does not implement scrolling; pages that scroll to the top get a no-op. */
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetRefreshState();
  resetSessionMemory();
});
