import { afterEach, describe, expect, it } from 'vitest';
import { buildTestGateway, devSignIn, type TestGateway } from '../testing/gateway-harness';

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

describe('session store outage', () => {
  it('a signed-in request while the session database is gone answers 503 in the contract shape', async () => {
    gateway = await buildTestGateway();
    const cookie = await devSignIn(gateway.app);
    await gateway.sessions.close();
    const response = await gateway.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'service_unavailable', message: expect.any(String) },
    });
  });
});
