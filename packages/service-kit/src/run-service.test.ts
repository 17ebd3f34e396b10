import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { runService } from './run-service';
import { buildServiceApp } from './service-app';

describe('runService', () => {
  it('serves on the given host, and close() stops the app, runs onClose and removes its signal handlers', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const app = buildServiceApp({ name: 'records', logger });
    const handlersBefore = process.listenerCount('SIGTERM');
    let resourcesClosed = 0;
    const running = await runService({
      app,
      port: 0,
      host: '127.0.0.1',
      logger,
      onClose: () => {
        resourcesClosed += 1;
      },
    });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(process.listenerCount('SIGTERM')).toBe(handlersBefore + 1);
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);

    await Promise.all([running.close(), running.close()]);
    expect(resourcesClosed).toBe(1);
    expect(process.listenerCount('SIGTERM')).toBe(handlersBefore);
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
  });

  it('rejects, leaving no signal handler behind, when the port is taken', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const first = await runService({
      app: buildServiceApp({ name: 'a', logger }),
      port: 0,
      host: '127.0.0.1',
      logger,
    });
    const handlers = process.listenerCount('SIGTERM');
    const port = Number(new URL(first.url).port);
    await expect(
      runService({ app: buildServiceApp({ name: 'b', logger }), port, host: '127.0.0.1', logger }),
    ).rejects.toThrow(/EADDRINUSE/);
    expect(process.listenerCount('SIGTERM')).toBe(handlers);
    await first.close();
  });
});
