import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A worker that keeps how each was started. */
class RecordingWorker {
  static started: { url: string; options: WorkerOptions | undefined }[] = [];

  constructor(url: URL | string, options?: WorkerOptions) {
    RecordingWorker.started.push({ url: String(url), options });
  }
}

async function freshModule() {
  vi.resetModules();
  return import('./locale-list');
}

beforeEach(() => {
  RecordingWorker.started = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('building the browser’s list of locales aside', () => {
  it('starts one module worker with the list’s code, however often it is asked', async () => {
    vi.stubGlobal('Worker', RecordingWorker);
    const { buildLocaleListAside } = await freshModule();

    buildLocaleListAside();
    buildLocaleListAside();

    expect(RecordingWorker.started).toHaveLength(1);
    expect(RecordingWorker.started[0]!.url).toMatch(/\/locale-list-worker\.ts\b/);
    expect(RecordingWorker.started[0]!.options).toMatchObject({ type: 'module' });
  });

  it('does nothing where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { buildLocaleListAside } = await freshModule();

    expect(() => buildLocaleListAside()).not.toThrow();
  });

  it('leaves the list to the page where a worker cannot start', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Workers are not allowed here', 'SecurityError');
        }
      },
    );
    const { buildLocaleListAside } = await freshModule();

    expect(() => buildLocaleListAside()).not.toThrow();
  });
});

describe('the list’s worker', () => {
  it('asks for the date locales the way React Aria does, then ends', async () => {
    const close = vi.spyOn(self, 'close').mockImplementation(() => undefined);
    const asked = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    vi.resetModules();

    await import('./locale-list-worker');

    expect(asked).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledTimes(1);
    asked.mockRestore();
    close.mockRestore();
  });
});
