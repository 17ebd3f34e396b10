import { describe, expect, it } from 'vitest';
import { BACKEND_SERVICES, defaultServiceUrl, SERVICES } from './topology';

const services = Object.values(SERVICES);

describe('topology', () => {
  it('gives each service its own port, MongoDB database and SQLite file', () => {
    for (const setting of ['port', 'mongoDatabase', 'sqliteFile'] as const) {
      const values = services.map((service) => service[setting]);
      expect(new Set(values).size, setting).toBe(values.length);
    }
  });

  it('puts every service but the gateway behind it', () => {
    expect([...BACKEND_SERVICES].sort()).toEqual(
      Object.keys(SERVICES)
        .filter((name) => name !== 'gateway')
        .sort(),
    );
  });

  it('finds a service on its default port on loopback', () => {
    expect(defaultServiceUrl('stats')).toBe(`http://127.0.0.1:${SERVICES.stats.port}`);
  });
});
