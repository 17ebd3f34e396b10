import { afterEach, describe, expect, it } from 'vitest';
import { startNatsServer } from './nats-server';

describe('startNatsServer', () => {
  const original = process.env.NATS_SERVER_BIN;
  afterEach(() => {
    if (original === undefined) delete process.env.NATS_SERVER_BIN;
    else process.env.NATS_SERVER_BIN = original;
  });

  it('says how to install nats-server when the binary is missing', async () => {
    process.env.NATS_SERVER_BIN = '/nonexistent/nats-server';
    await expect(startNatsServer()).rejects.toThrow(/apt-get install -y nats-server/);
  });
});
