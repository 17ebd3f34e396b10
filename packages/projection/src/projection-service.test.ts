import { describe, expect, it } from 'vitest';
import { ConfigError } from '@cull-log/service-kit';
import { readProjectionServiceConfig } from './projection-service';

const config = { PORT: 3002, LOG_LEVEL: 'info' as const, INTERNAL_AUTH_SECRET: 'x'.repeat(32) };

describe('readProjectionServiceConfig', () => {
  it('refuses to start without NATS_URL, naming the service and the one-process app', () => {
    let thrown: unknown;
    try {
      readProjectionServiceConfig('stats', () => config);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems).toEqual([
      {
        variable: 'NATS_URL',
        problem: 'is required to run stats on its own (the one-process app is `npm start`)',
      },
    ]);
  });

  it("passes a config error of the service's own through unchanged", () => {
    const own = new ConfigError([
      { variable: 'PORT', problem: 'must be a whole number between 0 and 65535' },
    ]);
    expect(() =>
      readProjectionServiceConfig('stats', () => {
        throw own;
      }),
    ).toThrow(own);
  });

  it('keeps every setting when NATS_URL is there', () => {
    const withNats = { ...config, NATS_URL: 'nats://127.0.0.1:4222' };
    expect(readProjectionServiceConfig('exports', () => withNats)).toEqual(withNats);
  });
});
