import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkWith, type CheckRequest } from './answer-check';
import * as contracts from './contracts-read';

const user = { uid: 'u1', display_name: 'Ann Stalker', email: null };

/** A worker that checks as the real one does, and keeps how each was started. */
class CheckingWorker extends EventTarget {
  static started: { url: string; options: WorkerOptions | undefined }[] = [];

  constructor(url: URL | string, options?: WorkerOptions) {
    super();
    CheckingWorker.started.push({ url: String(url), options });
  }

  postMessage(request: CheckRequest): void {
    setTimeout(() =>
      this.dispatchEvent(new MessageEvent('message', { data: checkWith(contracts, request) })),
    );
  }

  terminate(): void {}
}

/** A worker whose code could not load: it answers nothing and reports an error. */
class BrokenWorker extends CheckingWorker {
  override postMessage(): void {
    setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })));
  }
}

beforeEach(() => {
  vi.resetModules();
  CheckingWorker.started = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checking the server’s answers', () => {
  it('gives what the schema gives, dropping fields it does not name, where there is no worker', async () => {
    vi.stubGlobal('Worker', undefined);
    const { checkAnswer } = await import('./answers');
    await expect(checkAnswer('Me', { ...user, role: 'admin' })).resolves.toEqual(user);
  });

  it('refuses an answer the schema refuses, saying which and where', async () => {
    vi.stubGlobal('Worker', undefined);
    const { checkAnswer, AnswerCheckError } = await import('./answers');
    const refused = checkAnswer('Me', { ...user, uid: 7 });
    await expect(refused).rejects.toBeInstanceOf(AnswerCheckError);
    await expect(refused).rejects.toThrow(/Me: uid: /);
  });

  it('sends answers to one module worker, which settles each by its own reply', async () => {
    vi.stubGlobal('Worker', CheckingWorker);
    const { checkAnswer } = await import('./answers');
    const [me, refused] = await Promise.allSettled([
      checkAnswer('Me', user),
      checkAnswer('Settings', { season_start: '13-01' }),
    ]);
    expect(me).toEqual({ status: 'fulfilled', value: user });
    expect(refused).toMatchObject({ status: 'rejected', reason: { name: 'AnswerCheckError' } });
    expect(CheckingWorker.started).toHaveLength(1);
    expect(CheckingWorker.started[0]!.url).toMatch(/answer-worker/);
    expect(CheckingWorker.started[0]!.options).toMatchObject({ type: 'module' });
  });

  it('checks on the page what a worker that could not start was holding, and everything after', async () => {
    vi.stubGlobal('Worker', BrokenWorker);
    const { checkAnswer } = await import('./answers');
    await expect(checkAnswer('Me', user)).resolves.toEqual(user);
    await expect(checkAnswer('Settings', { season_start: '08-01' })).resolves.toEqual({
      season_start: '08-01',
    });
    expect(CheckingWorker.started).toHaveLength(1);
  });
});
