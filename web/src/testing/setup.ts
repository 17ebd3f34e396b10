import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens load on demand (lazy routes); on a busy machine that can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out and cannot scroll; the router scrolls each new screen to the top.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});
