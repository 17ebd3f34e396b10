import { describe, expect, it } from 'vitest';
import {
  DevLoginRequest,
  ExportQuery,
  ListCullsQuery,
  LIMITS,
  SORT_COLUMNS,
  StatsQuery,
  fieldMessages,
} from './index';

describe('ListCullsQuery', () => {
  it('fills in page 1 of 10, newest first, no search', () => {
    expect(ListCullsQuery.parse({})).toEqual({
      page: 1,
      page_size: 10,
      sort: 'created_at',
      order: 'desc',
      q: '',
    });
  });

  it('coerces numbers that arrive as query-string text and trims the search', () => {
    expect(
      ListCullsQuery.parse({ page: '3', page_size: '50', sort: 'weight', order: 'asc', q: '  Roe  ' }),
    ).toEqual({
      page: 3,
      page_size: 50,
      sort: 'weight',
      order: 'asc',
      q: 'Roe',
    });
  });

  it.each(SORT_COLUMNS)('sorts by %s', (sort) => {
    expect(ListCullsQuery.parse({ sort }).sort).toBe(sort);
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', 'two'],
    ['page', ''],
    ['page_size', '0'],
    ['page_size', String(LIMITS.pageSizeMax + 1)],
    ['sort', 'user_id'],
    ['order', 'sideways'],
    ['q', 'x'.repeat(LIMITS.searchText + 1)],
    ['q', ['a', 'b']],
  ])('rejects %s=%j', (name, value) => {
    const result = ListCullsQuery.safeParse({ [name]: value });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(fieldMessages(result.error))).toEqual([name]);
  });

  it('takes the filters: a ground, an outing, a species (trimmed), a sex and a destination', () => {
    const groundId = '0b7e6f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const outingId = '1b7e6f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(
      ListCullsQuery.parse({
        ground_id: groundId,
        outing_id: outingId,
        species: ' Roe Deer ',
        sex: 'Female',
        destination: 'Game dealer',
      }),
    ).toMatchObject({
      ground_id: groundId,
      outing_id: outingId,
      species: 'Roe Deer',
      sex: 'Female',
      destination: 'Game dealer',
    });
  });

  it.each([
    ['ground_id', 'home-wood', 'ground_id must be a UUID'],
    ['outing_id', '42', 'outing_id must be a UUID'],
    ['species', '  ', 'species must not be empty'],
    ['sex', 'female', 'sex must be Male, Female or Unknown'],
    ['sex', ['Male', 'Female'], 'sex must be Male, Female or Unknown'],
    ['destination', 'Freezer', expect.stringMatching(/^destination must be one of: Own use, Game dealer/)],
  ])('refuses the filter %s=%j with a message that names it', (name, value, message) => {
    const result = ListCullsQuery.safeParse({ [name]: value });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldMessages(result.error)).toEqual({ [name]: message });
  });

  it('accepts the largest page size', () => {
    expect(ListCullsQuery.parse({ page_size: String(LIMITS.pageSizeMax) }).page_size).toBe(
      LIMITS.pageSizeMax,
    );
  });

  it('accepts the last page, a million records in at the largest page size', () => {
    expect(ListCullsQuery.parse({ page: String(LIMITS.pageMax) }).page).toBe(LIMITS.pageMax);
    expect(LIMITS.pageMax * LIMITS.pageSizeMax).toBeLessThanOrEqual(1_000_000);
  });

  it.each([String(LIMITS.pageMax + 1), '9007199254740991'])(
    'refuses page=%s, saying how far it goes',
    (page) => {
      const result = ListCullsQuery.safeParse({ page });
      expect(result.success).toBe(false);
      if (!result.success) {
        expect(fieldMessages(result.error)).toEqual({ page: `page must be at most ${LIMITS.pageMax}` });
      }
    },
  );

  it('rejects unknown parameters and operator objects', () => {
    const unknown = ListCullsQuery.safeParse({ user_id: 'someone-else' });
    expect(unknown.success).toBe(false);
    if (!unknown.success) expect(fieldMessages(unknown.error)).toEqual({ user_id: 'Unknown field' });
    expect(ListCullsQuery.safeParse({ q: { $ne: null } }).success).toBe(false);
    expect(ListCullsQuery.safeParse({ sort: { $gt: '' } }).success).toBe(false);
  });
});

describe('StatsQuery', () => {
  it('coerces after to a whole number and leaves it out when absent', () => {
    expect(StatsQuery.parse({ after: '42' })).toEqual({ after: 42 });
    expect(StatsQuery.parse({})).toEqual({});
  });

  it.each(['-1', '1.5', 'soon'])('rejects after=%s', (after) => {
    expect(StatsQuery.safeParse({ after }).success).toBe(false);
  });
});

describe('ExportQuery', () => {
  it('takes ISO dates and a trimmed species', () => {
    expect(ExportQuery.parse({ from: '2026-04-01', to: '2027-03-31', species: ' Roe Deer ' })).toEqual({
      from: '2026-04-01',
      to: '2027-03-31',
      species: 'Roe Deer',
    });
  });

  it('rejects UK-formatted dates, empty species and unknown parameters', () => {
    expect(ExportQuery.safeParse({ from: '01/04/2026' }).success).toBe(false);
    expect(ExportQuery.safeParse({ species: '  ' }).success).toBe(false);
    expect(ExportQuery.safeParse({ user: 'u2' }).success).toBe(false);
  });
});

describe('DevLoginRequest', () => {
  it('needs a name and a valid e-mail address', () => {
    const result = DevLoginRequest.safeParse({ name: ' ', email: 'nope' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldMessages(result.error)).toEqual({
        name: 'Name is required',
        email: 'Enter a valid e-mail address',
      });
    }
    expect(DevLoginRequest.parse({ name: ' Ann ', email: 'ann@example.org' })).toEqual({
      name: 'Ann',
      email: 'ann@example.org',
    });
  });
});
