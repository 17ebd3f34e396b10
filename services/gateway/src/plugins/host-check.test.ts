import { afterEach, describe, expect, it } from 'vitest';
import { TEST_KEYS } from '@cull-log/service-kit/testing';
import { readGatewaySettings } from '../config';
import { buildTestGateway, devConfig, type TestGateway } from '../testing/gateway-harness';

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

/** A gateway whose PUBLIC_URL is `publicUrl`, or unset (http://localhost:3000 taken) when it is undefined. */
async function gatewayAt(publicUrl: string | undefined) {
  gateway = await buildTestGateway({
    config: devConfig(publicUrl === undefined ? {} : { publicUrl, publicUrlGiven: true }),
  });
  return gateway.app;
}

const ask = (app: TestGateway['app'], host: string, url = '/api/me') =>
  app.inject({ method: 'GET', url, headers: { host } });

describe('the Host a request is addressed to', () => {
  describe('with PUBLIC_URL set', () => {
    it.each(['cull-log.example', 'CULL-LOG.example', 'cull-log.example:443'])('takes %s', async (host) => {
      const app = await gatewayAt('https://cull-log.example');
      // Past the check: the API's own answer to a visitor who is not signed in.
      expect((await ask(app, host)).statusCode).toBe(401);
    });

    it.each([
      'rebound.attacker.example',
      'cull-log.example:8443',
      'cull-log.example.attacker.example',
      '10.0.0.7',
    ])('refuses %s with 400, saying which host it answers to', async (host) => {
      const app = await gatewayAt('https://cull-log.example');
      const response = await ask(app, host);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'bad_request',
        message: `This server answers only requests addressed to cull-log.example, not to ${host}.`,
      });
    });

    it.each(['/healthz', '/readyz'])(
      'answers the orchestrator’s probe %s sent to the pod’s address',
      async (url) => {
        const app = await gatewayAt('https://cull-log.example');
        expect((await ask(app, '10.0.0.7:3000', url)).statusCode).toBe(200);
      },
    );

    it('takes a loopback address on the port of a localhost PUBLIC_URL, and no other port', async () => {
      const app = await gatewayAt('http://localhost:3000');
      expect((await ask(app, 'localhost:3000')).statusCode).toBe(401);
      expect((await ask(app, '127.0.0.1:3000')).statusCode).toBe(401);
      expect((await ask(app, '[::1]:3000')).statusCode).toBe(401);
      expect((await ask(app, '127.0.0.1:4000')).statusCode).toBe(400);
      expect((await ask(app, 'localhost:4000')).statusCode).toBe(400);
      expect((await ask(app, 'rebound.attacker.example:3000')).statusCode).toBe(400);
    });
  });

  describe('with PUBLIC_URL unset (development)', () => {
    it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', '192.168.1.20:3000'])(
      'takes %s',
      async (host) => {
        const app = await gatewayAt(undefined);
        expect((await ask(app, host)).statusCode).toBe(401);
      },
    );

    it('refuses a name pointed at this address, so the development sign-in cannot be reached through it', async () => {
      const app = await gatewayAt(undefined);
      const response = await app.inject({
        method: 'POST',
        url: '/auth/dev/login',
        headers: { host: 'rebound.attacker.example:3000', origin: 'http://rebound.attacker.example:3000' },
        payload: { name: 'Eve', email: 'eve@example.org' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await ask(app, 'rebound.attacker.example:3000')).statusCode).toBe(400);
    });
  });

  it('is held to PUBLIC_URL only when it is set', () => {
    const base = { INTERNAL_AUTH_PRIVATE_KEY: TEST_KEYS.privateKey, AUTH_MODE: 'dev' };
    expect(readGatewaySettings(base).config.publicUrlGiven).toBe(false);
    expect(readGatewaySettings({ ...base, PUBLIC_URL: 'http://localhost:4321' }).config.publicUrlGiven).toBe(
      true,
    );
  });
});
