import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListCullsQuery } from './api';
import { LIMITS, SORT_COLUMNS } from './limits';
import { checkListCullsQuery } from './list-query-check';

/** What an address could hold, with the edges of each field's coercion and bounds well represented. */
const numberText = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
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
    other: text,
  },
  { requiredKeys: [] },
);

describe('the list query check without zod', () => {
  it('accepts and gives exactly what ListCullsQuery does', () => {
    fc.assert(
      fc.property(address, (value) => {
        const schema = ListCullsQuery.safeParse(value);
        expect(checkListCullsQuery(value)).toEqual(
          schema.success ? { success: true, data: schema.data } : { success: false },
        );
      }),
      { numRuns: 5_000 },
    );
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
