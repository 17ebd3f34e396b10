import { SPECIES } from '@cull-log/contracts';
import { keepStored, readStored, userKey } from '../../lib/stored';

export type Species = (typeof SPECIES)[number];

/** The species this user has added sightings of on this device, the latest first (forgotten at sign-out with the rest). */
const keyFor = (uid: string) => userKey('sighting-species', uid);

const isSpecies = (value: unknown): value is Species => SPECIES.includes(value as Species);

function recentFrom(value: unknown): Species[] | undefined {
  return Array.isArray(value) ? value.filter(isSpecies) : undefined;
}

export function readRecentSpecies(uid: string | undefined): Species[] {
  return uid === undefined ? [] : (readStored('local', keyFor(uid), recentFrom) ?? []);
}

/** Puts `species` first among this user's recent ones. */
export function rememberSpecies(uid: string | undefined, species: Species): void {
  if (uid === undefined) return;
  const recent = readRecentSpecies(uid).filter((kept) => kept !== species);
  keepStored('local', keyFor(uid), [species, ...recent]);
}

/** Every species, the recently used first (latest first), then the rest in the list's own order. */
export function speciesInOrder(recent: readonly Species[]): Species[] {
  return [...recent, ...SPECIES.filter((species) => !recent.includes(species))];
}
