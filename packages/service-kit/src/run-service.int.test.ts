import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./testing/fixture-service-process.ts', import.meta.url));

interface LogLine {
  msg: string;
  url?: string;
  signal?: string;
}

const started: { kill: () => void }[] = [];
afterEach(() => {
  for (const service of started.splice(0)) service.kill();
});

/** Starts the fixture service and follows its JSON log lines. */
function startService(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push({ kill: () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL') });
  const lines: LogLine[] = [];
  const waiters: { msg: string; resolve: (line: LogLine) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = JSON.parse(text) as LogLine;
    lines.push(line);
    for (const waiter of waiters.filter(({ msg }) => line.msg.startsWith(msg))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  // 'close' rather than 'exit', so every line the process wrote has been read.
  const exitCode = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const waitFor = (msg: string) =>
    new Promise<LogLine>((resolve) => {
      const seen = lines.find((line) => line.msg.startsWith(msg));
      if (seen) resolve(seen);
      else waiters.push({ msg, resolve });
    });
  return { child, lines, exitCode, waitFor };
}

describe('runService', () => {
  it('logs its URL, and on SIGTERM finishes the request in flight, runs onClose and exits 0', async () => {
    const service = startService();
    const { url } = await service.waitFor('listening on http://127.0.0.1:');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const inFlight = fetch(`${url}/slow`);
    await service.waitFor('slow request started');
    service.child.kill('SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    expect(await service.exitCode).toBe(0);
    const messages = service.lines.map((line) => line.msg);
    expect(messages.indexOf('shutting down')).toBeLessThan(messages.indexOf('resources closed'));
    expect(messages.at(-1)).toBe('stopped');
  }, 30_000);

  it('closes on SIGINT the same way', async () => {
    const service = startService();
    await service.waitFor('listening on');
    service.child.kill('SIGINT');
    expect(await service.exitCode).toBe(0);
    expect(service.lines.map((line) => line.msg)).toContain('resources closed');
  }, 30_000);

  it('with several services in one process, exits only after every one has closed', async () => {
    const service = startService({ FIXTURE_SECOND_SERVICE: '1' });
    await service.waitFor('listening on');
    const urls = await new Promise<string[]>((resolve) => {
      const check = setInterval(() => {
        const listening = service.lines.filter((line) => line.msg.startsWith('listening on'));
        if (listening.length === 2) {
          clearInterval(check);
          resolve(listening.map((line) => line.url ?? ''));
        }
      }, 20);
    });
    expect(new Set(urls).size).toBe(2);
    service.child.kill('SIGTERM');
    expect(await service.exitCode).toBe(0);
    const messages = service.lines.map((line) => line.msg);
    expect(messages.filter((msg) => msg === 'shutting down')).toHaveLength(1);
    expect(messages.slice(-3)).toEqual(['resources closed', 'second service closed', 'stopped']);
  }, 30_000);

  it('exits at once with status 1 on a second signal while closing hangs', async () => {
    const service = startService({ FIXTURE_HANG_ON_CLOSE: '1' });
    await service.waitFor('listening on');
    service.child.kill('SIGTERM');
    await service.waitFor('shutting down');
    service.child.kill('SIGINT');
    expect(await service.exitCode).toBe(1);
    expect(service.lines.map((line) => line.msg)).toContain('second signal, exiting at once');
    expect(service.lines.map((line) => line.msg)).not.toContain('resources closed');
  }, 30_000);
});
