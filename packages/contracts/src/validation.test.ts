import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CullFields,
  DeclarationRequest,
  DeclaredDealerRequest,
  fieldMessages,
  GAME_DEALER,
  isUnsafeText,
  MESSAGES,
  parseNumberInput,
  RecordCullRequest,
} from './index';
import { sampleCullFields, sampleRecordRequest } from './testing';

describe('parseNumberInput', () => {
  it.each([
    ['12.5', 12.5],
    ['0', 0],
    ['-1.654321', -1.654321],
    [' 85 ', 85],
    ['1e2', 100],
    ['12kg', 12],
  ])('parses %j to %d', (input, expected) => {
    expect(parseNumberInput(input)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '.', '-'])('leaves %j undefined', (input) => {
    expect(parseNumberInput(input)).toBeUndefined();
  });
});

describe('fieldMessages', () => {
  it('keeps the first message per field, a nested part under its dotted path, and names unknown fields', () => {
    const schema = z.strictObject({
      name: z
        .string()
        .min(3, { error: 'Too short' })
        .regex(/^[A-Z]/, { error: 'Capital first' }),
      nested: z.object({ inner: z.number({ error: 'Inner must be a number' }) }),
    });
    const result = schema.safeParse({ name: 'a', nested: { inner: 'x', stray: 1 }, extra: 1, other: 2 });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldMessages(result.error)).toEqual({
        name: 'Too short',
        'nested.inner': 'Inner must be a number',
        extra: 'Unknown field',
        other: 'Unknown field',
      });
    }
  });

  it('files a message about the whole body under "_"', () => {
    const result = z.object({ a: z.string() }).safeParse('text');
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(fieldMessages(result.error))).toEqual(['_']);
  });
});

describe('isUnsafeText', () => {
  it.each([
    ['plain words', 'Roe buck, Home Wood', false],
    ['tabs and line breaks in notes', 'Gralloched\tin the field\r\nhung 3 days', false],
    ['accents and a whole emoji', 'Château Wood 🦌', false],
    ['a right-to-left script typed as such', 'غابة', false],
    ['NUL', 'Home\u0000Wood', true],
    ['escape', 'Home\u001bWood', true],
    ['delete', 'Home\u007fWood', true],
    ['a right-to-left override', 'gpj.\u202Eexe', true],
    ['a first-strong isolate', '\u2068Wood', true],
    ['a left-to-right mark', 'Home\u200EWood', true],
    ['a right-to-left mark', 'gpj.\u200Fexe', true],
    ['an Arabic letter mark', '\u061CHome Wood', true],
    ['a zero-width joiner in an emoji', '👨\u200D👩', false],
    ['a high surrogate alone', 'tag\uD83D', true],
    ['a low surrogate alone', '\uDE00tag', true],
  ])('%s: %s', (_case, text, unsafe) => {
    expect(isUnsafeText(text)).toBe(unsafe);
  });

  it('refuses such text in a request but reads it back from an event already written', () => {
    const request = RecordCullRequest.safeParse({ ...sampleRecordRequest(), notes: 'a\u0000b' });
    expect(request.success).toBe(false);
    expect(CullFields.safeParse({ ...sampleCullFields(), notes: 'a\u0000b' }).success).toBe(true);
  });

  it.each([
    ['a NUL', 'Dealer\u0000Ltd'],
    ['a right-to-left mark', 'Dealer\u200FLtd'],
    ['a right-to-left override', 'Dealer\u202ELtd'],
  ])('refuses a game dealer holding %s, on a record and on a declaration', (_case, dealer) => {
    const record = RecordCullRequest.safeParse({
      ...sampleRecordRequest(),
      carcass_destination: GAME_DEALER,
      game_dealer: dealer,
    });
    expect(record.success).toBe(false);
    if (!record.success) expect(fieldMessages(record.error).game_dealer).toBe(MESSAGES.unsafeText);
    for (const schema of [DeclarationRequest, DeclaredDealerRequest]) {
      const result = schema.safeParse({ record_ids: [randomUUID()], dealer });
      expect(result.success).toBe(false);
      if (!result.success) expect(fieldMessages(result.error).dealer).toBe(MESSAGES.unsafeText);
    }
  });

  it('takes a game dealer typed plainly, on a record and on a declaration', () => {
    const dealer = 'Highland Game Ltd';
    expect(DeclarationRequest.safeParse({ record_ids: [randomUUID()], dealer }).success).toBe(true);
    expect(DeclaredDealerRequest.safeParse({ record_ids: [randomUUID()], dealer }).success).toBe(true);
  });
});
