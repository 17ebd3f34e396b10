import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListCullsQuery } from './api';
import { CARCASS_DESTINATIONS } from './enums';
import { LarderQuery } from './larder';
import { LIMITS, SORT_COLUMNS } from './limits';
import { checkLarderFilters, checkListCullsQuery } from './list-query-check';

/** What an address could hold, with the edges of each field's coercion and bounds well represented. */
const numberText = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.integer({ min: LIMITS.pageMax - 2, max: LIMITS.pageMax + 2 }).map(String),
  fc.double().map(String),
  fc.bigInt({ min: 2n ** 52n, max: 2n ** 54n }).map(String),
  fc.constantFrom('', ' ', ' 2 ', '1e1', '1.0', '0x10', '0b11', '-0', '+3', 'Infinity', 'NaN', '2.5', '１'),
  fc.string({ maxLength: 4 }),
);
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom(...SORT_COLUMNS, 'asc', 'desc', 'ASC', ' date', ''),
  fc
    .tuple(
      fc.constantFrom('', ' ', '\t\n'),
      fc.integer({ min: LIMITS.searchText - 2, max: LIMITS.searchText + 2 }),
    )
    .map(([pad, length]) => `${pad}${'a'.repeat(length)}${pad}`),
);
const address = fc.record(
  {
    page: numberText,
    page_size: numberText,
    sort: fc.oneof(text, fc.constantFrom(...SORT_COLUMNS)),
    order: fc.oneof(text, fc.constantFrom('asc', 'desc')),
    q: text,
    ground_id: fc.oneof(
      text,
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
    ),
    outing_id: fc.oneof(text, fc.uuid()),
    species: fc.oneof(
      text,
      fc.constantFrom('Roe Deer', ' Sika Deer ', '  ', 'x'.repeat(LIMITS.shortText + 1)),
    ),
    sex: fc.oneof(text, fc.constantFrom('Male', 'Female', 'Unknown', 'female')),
    destination: fc.oneof(text, fc.constantFrom(...CARCASS_DESTINATIONS, 'game dealer')),
    other: text,
  },
  { requiredKeys: [] },
);

/** Holds a check without zod to accepting exactly what the schema accepts, and giving the same data, on 5,000 values. */
function agreesWithSchema<T extends Record<string, unknown>>(
  values: fc.Arbitrary<T>,
  schema: { safeParse(value: unknown): { success: true; data: unknown } | { success: false } },
  check: (value: T) => unknown,
): void {
  fc.assert(
    fc.property(values, (value) => {
      const parsed = schema.safeParse(value);
      expect(check(value)).toEqual(
        parsed.success ? { success: true, data: parsed.data } : { success: false },
      );
    }),
    { numRuns: 5_000 },
  );
}

describe('the list query check without zod', () => {
  it('accepts and gives exactly what ListCullsQuery does', () => {
    agreesWithSchema(address, ListCullsQuery, checkListCullsQuery);
  });

  it('fills in the defaults, trims the search and refuses what is out of bounds', () => {
    expect(checkListCullsQuery({})).toEqual({
      success: true,
      data: { page: 1, page_size: 10, sort: 'created_at', order: 'desc', q: '' },
    });
    expect(
      checkListCullsQuery({ page: '2', page_size: '20', sort: 'date', order: 'asc', q: '  Home Wood ' }),
    ).toEqual({
      success: true,
      data: { page: 2, page_size: 20, sort: 'date', order: 'asc', q: 'Home Wood' },
    });
    expect(checkListCullsQuery({ page: '0' })).toEqual({ success: false });
    expect(checkListCullsQuery({ page_size: String(LIMITS.pageSizeMax + 1) })).toEqual({ success: false });
    expect(checkListCullsQuery({ sort: 'password' })).toEqual({ success: false });
    expect(checkListCullsQuery({ q: 'a'.repeat(LIMITS.searchText + 1) })).toEqual({ success: false });
    expect(checkListCullsQuery({ colour: 'red' })).toEqual({ success: false });
  });
});

/** What the larder book's address could hold: seasons right, wrong and nearly right, destinations and not. */
const seasonText = fc.oneof(
  fc.integer({ min: 1990, max: 2101 }).map((year) => `${year}/${String((year + 1) % 100).padStart(2, '0')}`),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }))
    .map(([year, next]) => `${String(year).padStart(4, '0')}/${String(next).padStart(2, '0')}`),
  fc.constantFrom('2026-27', '2026/2027', ' 2026/27', '2026/27 ', '２０２６/27', '1999/00', '2099/00', ''),
  fc.string({ maxLength: 8 }),
);
const larderAddress = fc.record(
  {
    season: seasonText,
    destination: fc.oneof(fc.constantFrom(...CARCASS_DESTINATIONS), fc.string({ maxLength: 8 })),
    other: fc.string({ maxLength: 4 }),
  },
  { requiredKeys: [] },
);

describe('the larder filters check without zod', () => {
  it('accepts and gives exactly what LarderQuery does', () => {
    agreesWithSchema(larderAddress, LarderQuery, checkLarderFilters);
  });

  it('takes a season and a destination from the list, and refuses others', () => {
    expect(checkLarderFilters({})).toEqual({ success: true, data: {} });
    expect(checkLarderFilters({ season: '2026/27', destination: CARCASS_DESTINATIONS[0] })).toEqual({
      success: true,
      data: { season: '2026/27', destination: CARCASS_DESTINATIONS[0] },
    });
    expect(checkLarderFilters({ season: '2099/00' })).toEqual({ success: true, data: { season: '2099/00' } });
    expect(checkLarderFilters({ season: '2026/28' })).toEqual({ success: false });
    expect(checkLarderFilters({ destination: 'The moon' })).toEqual({ success: false });
    expect(checkLarderFilters({ after: '3' })).toEqual({ success: false });
  });
});
