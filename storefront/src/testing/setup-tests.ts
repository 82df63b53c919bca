import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetRefreshState } from '@/lib/api-client';
import { resetSessionMemory } from '@/lib/session';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetRefreshState();
  resetSessionMemory();
});
