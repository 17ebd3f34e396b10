import type { Cull, SortColumn } from '@cull-log/contracts';

/** The list's order: text compared without case, absent numbers first, date then time, then id. */
export function expectedOrder(records: Cull[], sort: SortColumn, order: 'asc' | 'desc'): Cull[] {
  const keys: (keyof Cull)[] = sort === 'date' ? ['date', 'time', 'id'] : [sort, 'id'];
  const comparable = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);
  const compare = (a: Cull, b: Cull): number => {
    for (const key of keys) {
      const left = comparable(a[key]);
      const right = comparable(b[key]);
      if (left === right) continue;
      if (left === undefined) return -1;
      if (right === undefined) return 1;
      return (left as number | string | boolean) < (right as number | string | boolean) ? -1 : 1;
    }
    return 0;
  };
  const sorted = [...records].sort(compare);
  return order === 'asc' ? sorted : sorted.reverse();
}
