import { describe, expect, it } from 'vitest';
import { pageWindow, readOrder } from './pages';

describe('pageWindow', () => {
  it('reads a page in the first half forwards, skipping the rows before it', () => {
    expect(pageWindow(1, 10, 35)).toEqual({ reversed: false, offset: 0, limit: 10 });
    expect(pageWindow(2, 10, 35)).toEqual({ reversed: false, offset: 10, limit: 10 });
  });

  it('reads a page past the middle from the end, skipping the rows after it', () => {
    expect(pageWindow(2, 10, 25)).toEqual({ reversed: true, offset: 5, limit: 10 });
    expect(pageWindow(3, 10, 25)).toEqual({ reversed: true, offset: 0, limit: 5 });
    expect(pageWindow(9_000, 10, 100_000)).toEqual({ reversed: true, offset: 10_000, limit: 10 });
    expect(pageWindow(10_000, 10, 100_000)).toEqual({ reversed: true, offset: 0, limit: 10 });
  });

  it('reads nothing for a page past the end', () => {
    expect(pageWindow(4, 10, 25).limit).toBe(0);
    expect(pageWindow(1, 10, 0).limit).toBe(0);
  });

  it('covers every row exactly once, in order, whichever end each page is read from', () => {
    for (const total of [0, 1, 9, 10, 11, 99, 100, 101]) {
      for (const pageSize of [1, 3, 10, 50]) {
        const rows = Array.from({ length: total }, (_, index) => index);
        const read: number[] = [];
        for (let page = 1; page <= Math.ceil(total / pageSize) + 1; page += 1) {
          const window = pageWindow(page, pageSize, total);
          const ordered = window.reversed ? [...rows].reverse() : rows;
          const slice = ordered.slice(window.offset, window.offset + window.limit);
          read.push(...(window.reversed ? slice.reverse() : slice));
        }
        expect(read, `${total} rows, ${pageSize} a page`).toEqual(rows);
      }
    }
  });

  it('reads in the opposite order only from the end', () => {
    expect(readOrder(pageWindow(1, 10, 25), 'asc')).toBe('asc');
    expect(readOrder(pageWindow(3, 10, 25), 'asc')).toBe('desc');
    expect(readOrder(pageWindow(3, 10, 25), 'desc')).toBe('asc');
  });
});
