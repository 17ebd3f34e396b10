import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connectNatsBus } from '@cull-log/bus';
import { startNatsServer, type NatsTestServer } from '@cull-log/bus/testing';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_PUBLIC_KEY, identityHeadersFor, startServiceProcess } from '@cull-log/service-kit/testing';

const identityHeaders = identityHeadersFor('fixture');

const FIXTURE = fileURLToPath(new URL('./testing/fixture-projection-service.ts', import.meta.url));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts the fixture service with a data folder of its own. */
function startService(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cull-log-projection-service-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const service = startServiceProcess(FIXTURE, {
    NATS_URL: '',
    PORT: '0',
    DATA_DIR: dataDir,
    INTERNAL_AUTH_PUBLIC_KEY: TEST_PUBLIC_KEY,
    ...env,
  });
  cleanups.push(() => service.kill());
  return service;
}

describe('a projection service on its own', () => {
  it('without NATS_URL prints what is missing and exits with status 1', async () => {
    const service = startService({});
    expect(await service.exitCode).toBe(1);
    expect(service.stderr()).toContain(
      'NATS_URL: is required to run fixture on its own (the one-process app is `npm start`)',
    );
  });

  it('waits for NATS to come up, then projects what is published, and closes on SIGTERM', async () => {
    const server: NatsTestServer = await startNatsServer();
    cleanups.push(() => server.stop());
    await server.stop();

    const service = startService({ NATS_URL: server.url });
    await service.waitFor('connecting to NATS');
    await server.restart();
    // The projection waits for the stream too, which the publisher (records) makes.
    const publisher = await connectNatsBus({ servers: server.url });
    cleanups.push(() => publisher.close());
    const { url } = await service.waitFor('listening on http://127.0.0.1:');

    await publisher.publish(createSampleEventLog().recorded('alice'));
    const deadline = Date.now() + 15_000;
    let position = 0;
    while (position < 1 && Date.now() < deadline) {
      const headers = identityHeaders('alice', '/position', new Date());
      position = ((await (await fetch(`${url}/position`, { headers })).json()) as { position: number })
        .position;
      if (position < 1) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(position).toBe(1);

    service.child.kill('SIGTERM');
    expect(await service.exitCode).toBe(0);
    await service.waitFor('stopped');
  });
});
