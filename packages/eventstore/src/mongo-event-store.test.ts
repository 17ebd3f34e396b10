import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '@cull-log/storage-kit';
import { connectMongoEventStore } from './mongo-event-store';

/** A port on 127.0.0.1 that nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No TCP port was assigned');
  return address.port;
}

describe('MongoDB event store', () => {
  it('connecting to a MongoDB that does not answer fails with StoreUnavailableError', async () => {
    const port = await closedPort();

    const connecting = connectMongoEventStore({
      url: `mongodb://127.0.0.1:${port}/?directConnection=true`,
      dbName: 'cull_log_unreachable',
      serverSelectionTimeoutMS: 300,
    });

    await expect(connecting).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
