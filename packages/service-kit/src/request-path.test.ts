import { describe, expect, it } from 'vitest';
import { pathOf } from './request-path';

describe('pathOf', () => {
  it('drops the query string and keeps a plain path as it is', () => {
    expect(pathOf('/api/culls?page=2&sort=date')).toBe('/api/culls');
    expect(pathOf('/readyz')).toBe('/readyz');
    expect(pathOf('/?')).toBe('/');
  });
});
