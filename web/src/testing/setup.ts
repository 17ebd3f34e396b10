import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { clear } from 'idb-keyval';
import { afterEach, vi } from 'vitest';
import { resetConnectivity } from '../api/connectivity';

// Screens and the schemas load on demand (lazy routes and chunks); on a busy machine that can take several seconds.
// A wait ends as soon as what it waits for is there, so a longer bound only spares a slow machine a false failure.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lays nothing out and cannot scroll; the router scrolls each new screen to the top.
window.scrollTo = () => undefined;

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  resetConnectivity();
  // What one test kept on the device (an unsaved form, reads for no signal) is not offered to the next.
  await clear();
});
