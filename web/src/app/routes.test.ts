import { afterEach, describe, expect, it, vi } from 'vitest';

/** A worker that keeps the address of each one started. */
class RecordingWorker {
  static started: string[] = [];

  constructor(url: URL | string) {
    RecordingWorker.started.push(String(url));
  }
}

async function freshRoutes() {
  vi.stubGlobal('Worker', RecordingWorker);
  vi.resetModules();
  return import('./routes');
}

afterEach(() => {
  vi.unstubAllGlobals();
  RecordingWorker.started = [];
});

// The records list and "Your data" import React Aria's locale lookup, whose first ask builds the browser's list of
// locales; the list is built in a worker as their code downloads.
describe("a screen's code", () => {
  it.each(['/data', '/your-data'])(
    'at %s has the list of locales built aside as it downloads',
    async (path) => {
      const { preloadScreenAt } = await freshRoutes();

      await preloadScreenAt(path);

      expect(RecordingWorker.started).toHaveLength(1);
      expect(RecordingWorker.started[0]).toMatch(/\/locale-list-worker\.ts\b/);
    },
  );

  it('elsewhere starts no worker for it', async () => {
    const { preloadScreenAt } = await freshRoutes();

    for (const path of ['/dashboard', '/view-cull/r1', '/add-cull', '/map', '/login'])
      await preloadScreenAt(path);

    expect(RecordingWorker.started).toEqual([]);
  });
});
