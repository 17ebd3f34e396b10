import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepStored, readStored } from './stored';

const words = (value: unknown) => (typeof value === 'string' ? value : undefined);

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a value kept on this device', () => {
  it('reads back what was kept, and nothing once it is removed', () => {
    keepStored('local', 'k', 'Long Meadow');
    expect(readStored('local', 'k', words)).toBe('Long Meadow');
    keepStored('local', 'k', undefined);
    expect(localStorage.getItem('k')).toBeNull();
    expect(readStored('local', 'k', words)).toBeUndefined();
  });

  it('reads as nothing when it is not JSON, not of the shape, or refused by the check', () => {
    localStorage.setItem('k', '{not json');
    expect(readStored('local', 'k', words)).toBeUndefined();
    localStorage.setItem('k', '42');
    expect(readStored('local', 'k', words)).toBeUndefined();
    expect(
      readStored('local', 'k', () => {
        throw new Error('not a user');
      }),
    ).toBeUndefined();
  });

  it('is no error where the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => keepStored('session', 'k', [1])).not.toThrow();
    expect(readStored('session', 'k', words)).toBeUndefined();
  });
});
