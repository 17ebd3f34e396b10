import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAuthOptions, parseMe, parseSessionResponse, SessionAnswerError } from './session-check';
import { AuthOptionsResponse, Me, SessionResponse } from './sessions';

/** Any JSON value, and values near a user's shape, where a check that differs from the schema's would show. */
const field = fc.oneof(
  fc.string(),
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.constant(undefined),
  fc.jsonValue(),
);
const nearUser = fc.oneof(
  fc.record({ uid: field, display_name: field, email: field, extra: fc.jsonValue() }, { requiredKeys: [] }),
  fc.record({ uid: fc.string(), display_name: fc.option(fc.string()), email: fc.option(fc.string()) }),
  fc.array(fc.string()),
  fc.jsonValue(),
);
/** Date-times as the server writes them, and strings and values near them that zod refuses. */
const isoDate = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const nearDateTime = fc.oneof(
  isoDate,
  isoDate.map((text) => text.replace('.000Z', 'Z')),
  isoDate.map((text) => text.replace('Z', '+01:00')),
  isoDate.map((text) => text.slice(0, 10)),
  isoDate.map((text) => text.replace(/T\d\d/, 'T24')),
  fc.constantFrom(
    '2025-02-29T00:00:00Z',
    '2024-02-29T00:00:00Z',
    '2025-06-01T08:00:00.123456Z',
    '2025-06-01T08:00Z',
  ),
  field,
);
const nearNotice = fc.oneof(
  fc.record({ due_at: nearDateTime, erase_at: nearDateTime, extra: fc.jsonValue() }, { requiredKeys: [] }),
  fc.record({ due_at: isoDate, erase_at: isoDate }),
  fc.jsonValue(),
);
const nearAnswer = fc.oneof(
  fc.record({ user: fc.oneof(nearUser, fc.constant(null), fc.constant(undefined)) }, { requiredKeys: [] }),
  fc.record(
    {
      user: fc.oneof(nearUser, fc.constant(null)),
      inactivity_notice: fc.oneof(nearNotice, fc.constant(undefined)),
    },
    { requiredKeys: ['user'] },
  ),
  fc.record({ user: nearUser, other: fc.jsonValue() }),
  fc.constant({ user: null }),
  fc.jsonValue(),
);

function outcome(parse: (value: unknown) => unknown, value: unknown): { ok: unknown } | 'refused' {
  try {
    return { ok: parse(value) };
  } catch (error) {
    expect(error).toBeInstanceOf(SessionAnswerError);
    return 'refused';
  }
}

describe('the session check without zod', () => {
  it('accepts and returns exactly what SessionResponse does', () => {
    fc.assert(
      fc.property(nearAnswer, (value) => {
        const schema = SessionResponse.safeParse(value);
        expect(outcome(parseSessionResponse, value)).toEqual(
          schema.success ? { ok: schema.data } : 'refused',
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('accepts and returns exactly what Me does', () => {
    fc.assert(
      fc.property(nearUser, (value) => {
        const schema = Me.safeParse(value);
        expect(outcome(parseMe, value)).toEqual(schema.success ? { ok: schema.data } : 'refused');
      }),
      { numRuns: 2_000 },
    );
  });

  it('accepts and returns exactly what AuthOptionsResponse does, refusing rather than guessing', () => {
    const nearOptions = fc.oneof(
      fc.record({ google: field, dev: field, extra: fc.jsonValue() }, { requiredKeys: [] }),
      fc.record({ google: fc.boolean(), dev: fc.boolean() }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(nearOptions, (value) => {
        const schema = AuthOptionsResponse.safeParse(value);
        expect(outcome(parseAuthOptions, value)).toEqual(schema.success ? { ok: schema.data } : 'refused');
      }),
      { numRuns: 2_000 },
    );
    expect(() => parseAuthOptions({ google: 'yes', dev: false })).toThrow(
      'answer.google should be true or false',
    );
    expect(() => parseAuthOptions({ google: true })).toThrow('answer.dev should be true or false');
  });

  it('drops fields the contract does not name and says where an answer is wrong', () => {
    expect(
      parseSessionResponse({
        user: { uid: 'u1', display_name: 'Ann', email: null, role: 'admin' },
        extra: 1,
      }),
    ).toEqual({ user: { uid: 'u1', display_name: 'Ann', email: null } });
    expect(parseSessionResponse({ user: null })).toEqual({ user: null });
    expect(() => parseSessionResponse({ user: { uid: 7, display_name: null, email: null } })).toThrow(
      'user.uid should be a string',
    );
    expect(() => parseSessionResponse({})).toThrow('user should be an object');
    const notice = { due_at: '2027-05-02T08:00:00.000Z', erase_at: '2027-06-01T08:00:00.000Z' };
    expect(parseSessionResponse({ user: null, inactivity_notice: { ...notice, shown: true } })).toEqual({
      user: null,
      inactivity_notice: notice,
    });
    expect(() =>
      parseSessionResponse({ user: null, inactivity_notice: { ...notice, erase_at: '01/06/2027' } }),
    ).toThrow('inactivity_notice.erase_at should be an ISO date and time');
    expect(() => parseSessionResponse([])).toThrow('answer should be an object');
  });
});
