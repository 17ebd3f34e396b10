import { OTHER, SPECIES, type RecordCullRequest } from '@cull-log/contracts';
import { keepStored, readStored } from '../../lib/stored';
import type { CullFormValues } from './cull-form-model';

/** The species and place of the last record saved on this device, offered first on the next one. */
export interface LastUsed {
  species: string;
  location_name: string;
  grid_ref?: string;
  latitude?: number;
  longitude?: number;
}

const KEY = 'cull-log:last-used';

/** The last species and place, if what is kept is of that shape. */
function lastUsedFrom(value: unknown): LastUsed | undefined {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Partial<LastUsed>;
  if (typeof stored.species !== 'string' || typeof stored.location_name !== 'string') return undefined;
  return {
    species: stored.species,
    location_name: stored.location_name,
    ...(typeof stored.grid_ref === 'string' && { grid_ref: stored.grid_ref }),
    ...(typeof stored.latitude === 'number' && { latitude: stored.latitude }),
    ...(typeof stored.longitude === 'number' && { longitude: stored.longitude }),
  };
}

export const readLastUsed = (): LastUsed | undefined => readStored('local', KEY, lastUsedFrom);

export function rememberLastUsed(saved: RecordCullRequest): void {
  const { species, location_name, grid_ref, latitude, longitude } = saved;
  keepStored('local', KEY, { species, location_name, grid_ref, latitude, longitude });
}

/** The form with the last species and place filled in; a species typed under "Other" comes back that way. */
export function withLastUsed(values: CullFormValues, last: LastUsed): CullFormValues {
  const listed = (SPECIES as readonly string[]).includes(last.species) && last.species !== OTHER;
  return {
    ...values,
    species: listed ? last.species : OTHER,
    species_other: listed ? '' : last.species,
    location_name: last.location_name,
    grid_ref: last.grid_ref ?? '',
    latitude: last.latitude === undefined ? '' : String(last.latitude),
    longitude: last.longitude === undefined ? '' : String(last.longitude),
  };
}
