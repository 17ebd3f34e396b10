import { describe, expect, it } from 'vitest';
import { busSubject } from './events';
import {
  EraseAccountRequest,
  USER_ERASED_TYPE,
  parseUserErased,
  userErasedSubject,
  userSubjectFilter,
} from './account';

const erasure = {
  id: 'e1',
  type: USER_ERASED_TYPE,
  userId: 'dev-a.b@example.org',
  occurredAt: '2026-11-25T10:00:00.000Z',
  meta: { correlationId: 'c1' },
};

describe('user.erased', () => {
  it('takes a subject under the user, which the purge filter covers as it covers every cull subject', () => {
    const filter = userSubjectFilter(erasure.userId);
    const prefix = filter.slice(0, -1);
    expect(userErasedSubject(erasure.userId).startsWith(prefix)).toBe(true);
    expect(busSubject({ type: 'cull.recorded.v2', userId: erasure.userId }).startsWith(prefix)).toBe(true);
    expect(busSubject({ type: 'cull.recorded.v2', userId: 'someone-else' }).startsWith(prefix)).toBe(false);
    // A user id with subject wildcards in it stays one token, so the filter cannot reach another user.
    expect(userSubjectFilter('a.>')).toMatch(/^culls\.v1\.~[0-9a-f]+\.>$/);
  });

  it('is parsed from the wire, and anything else is not taken for one', () => {
    expect(parseUserErased(erasure)).toEqual(erasure);
    expect(parseUserErased({ ...erasure, type: 'cull.deleted.v1' })).toBeUndefined();
    expect(parseUserErased({ ...erasure, userId: '' })).toBeUndefined();
  });
});

describe('EraseAccountRequest', () => {
  it('takes the word DELETE exactly, and says what to type for anything else', () => {
    expect(EraseAccountRequest.parse({ confirmation: 'DELETE' })).toEqual({ confirmation: 'DELETE' });
    for (const body of [
      { confirmation: 'delete' },
      { confirmation: 'DELETE ' },
      {},
      { confirmation: 'DELETE', uid: 'x' },
    ]) {
      expect(EraseAccountRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(EraseAccountRequest.safeParse({ confirmation: 'nope' }).error?.issues[0]?.message).toBe(
      'Type DELETE to confirm',
    );
  });
});
