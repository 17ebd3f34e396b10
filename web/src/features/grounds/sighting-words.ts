import type { SightingItem } from '@cull-log/contracts';

/**
 * The key a line is listed once by, as the contracts' `sightingKey` makes it; written here, since that module brings
 * the schemas into the screen's download.
 */
export const lineKey = (line: Pick<SightingItem, 'species' | 'sex' | 'age_class'>): string =>
  `${line.species}|${line.sex}|${line.age_class}`;

/** "Female · Adult", "Sex unknown · Young": the sex and age class of a line of deer seen. */
export function sightingKind(line: Pick<SightingItem, 'sex' | 'age_class'>): string {
  const sex = line.sex === 'Unknown' ? 'Sex unknown' : line.sex;
  const age = line.age_class === 'Unknown' ? 'age unknown' : line.age_class;
  return `${sex} · ${age}`;
}

/** "Roe Deer, Female, Adult": a line named whole, for the buttons that change it. */
export function sightingName(line: Pick<SightingItem, 'species' | 'sex' | 'age_class'>): string {
  return `${line.species}, ${sightingKind(line).replace(' · ', ', ')}`;
}

export const peopleOut = (hunters: number) => (hunters === 1 ? '1 person out' : `${hunters} people out`);

/** "5 deer seen · 2 people out", "Nothing seen · 1 person out", "Not recorded": an outing's sightings in a line. */
export function sightingsSummary(hunters: number, sightings: readonly SightingItem[] | null): string {
  if (sightings === null) return `Not recorded · ${peopleOut(hunters)}`;
  const deer = sightings.reduce((total, line) => total + line.count, 0);
  return `${deer === 0 ? 'Nothing seen' : `${deer} seen`} · ${peopleOut(hunters)}`;
}
