import { COUNT_METHOD_LABELS, type Count, type CountItem, type CountMethod } from '@cull-log/contracts';

export const methodLabel = (method: CountMethod): string => COUNT_METHOD_LABELS[method];

/** A number as en-GB writes it, to at most `digits` decimals: `1,234.5`. */
export function figure(value: number, digits = 1): string {
  return value.toLocaleString('en-GB', { maximumFractionDigits: digits });
}

/** "male adult", "female, age unknown", "sex and age unknown". */
export function sexAndAge({ sex, age_class }: Pick<CountItem, 'sex' | 'age_class'>): string {
  if (sex === 'Unknown' && age_class === 'Unknown') return 'sex and age unknown';
  if (sex === 'Unknown') return `${age_class.toLowerCase()}, sex unknown`;
  if (age_class === 'Unknown') return `${sex.toLowerCase()}, age unknown`;
  return `${sex.toLowerCase()} ${age_class.toLowerCase()}`;
}

/** A line of a count in words: "3 Roe Deer, female adult". */
export const lineWords = (item: CountItem): string => `${item.count} ${item.species}, ${sexAndAge(item)}`;

/** Each species' total in a count: "Roe Deer 7, Fallow Deer 12". */
export function speciesTotals(count: Pick<Count, 'items'>): { species: string; deer: number }[] {
  const totals = new Map<string, number>();
  for (const item of count.items) totals.set(item.species, (totals.get(item.species) ?? 0) + item.count);
  return [...totals].map(([species, deer]) => ({ species, deer }));
}
