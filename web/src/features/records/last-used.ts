import { OTHER, SPECIES, type RecordCullRequest } from '@cull-log/contracts';
import { distanceMetres } from '@cull-log/domain';
import { keepStored, readStored, userKey } from '../../lib/stored';
import type { CullFormValues } from './cull-form-model';
import { carcassValuesFromCull, type CarcassFormValues } from './carcass-form-model';

/** The animal and place of the last record saved on this device, offered as one tap on the next one. */
export interface LastUsed {
  species: string;
  sex?: string;
  location_name: string;
  grid_ref?: string;
  latitude?: number;
  longitude?: number;
  ground_id?: string;
}

/** The rifle a stalker shoots with, as the form holds it: the same from one record to the next. */
type Rifle = Pick<
  CarcassFormValues,
  'calibre' | 'calibre_other' | 'bore_in' | 'bullet_weight_gr' | 'bullet_type' | 'muzzle_velocity_fps'
>;
/** Where their carcasses usually go. */
type Destination = Pick<CarcassFormValues, 'carcass_destination' | 'game_dealer'>;

/** A place the user named, where they were: the name comes back when they are there again. */
export interface NamedPlace {
  name: string;
  latitude: number;
  longitude: number;
}

/** What this device remembers for one user between records. */
export interface Remembered {
  last?: LastUsed;
  rifle?: Rifle;
  destination?: Destination;
  places: NamedPlace[];
}

const RIFLE_FIELDS = [
  'calibre',
  'calibre_other',
  'bore_in',
  'bullet_weight_gr',
  'bullet_type',
  'muzzle_velocity_fps',
] as const;
const DESTINATION_FIELDS = ['carcass_destination', 'game_dealer'] as const;
/** Enough for a season's high seats and beats, small enough to search at every fix. */
const MAX_PLACES = 200;
/** A named place this close to a fix gives the fix its name. */
export const SAME_PLACE_METRES = 250;

const keyFor = (uid: string) => userKey('remembered', uid);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function textFields<K extends string>(value: unknown, fields: readonly K[]): Record<K, string> | undefined {
  if (!isRecord(value)) return undefined;
  const picked = {} as Record<K, string>;
  for (const field of fields) {
    const text = value[field];
    if (typeof text !== 'string') return undefined;
    picked[field] = text;
  }
  return picked;
}

function lastUsedFrom(value: unknown): LastUsed | undefined {
  if (!isRecord(value) || typeof value.species !== 'string' || typeof value.location_name !== 'string')
    return undefined;
  return {
    species: value.species,
    location_name: value.location_name,
    ...(typeof value.sex === 'string' && { sex: value.sex }),
    ...(typeof value.grid_ref === 'string' && { grid_ref: value.grid_ref }),
    ...(typeof value.latitude === 'number' && { latitude: value.latitude }),
    ...(typeof value.longitude === 'number' && { longitude: value.longitude }),
    ...(typeof value.ground_id === 'string' && { ground_id: value.ground_id }),
  };
}

function placesFrom(value: unknown): NamedPlace[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (place): place is NamedPlace =>
      isRecord(place) &&
      typeof place.name === 'string' &&
      typeof place.latitude === 'number' &&
      typeof place.longitude === 'number',
  );
}

function rememberedFrom(value: unknown): Remembered | undefined {
  if (!isRecord(value)) return undefined;
  const last = lastUsedFrom(value.last);
  const rifle = textFields(value.rifle, RIFLE_FIELDS);
  const destination = textFields(value.destination, DESTINATION_FIELDS);
  return {
    ...(last && { last }),
    ...(rifle && { rifle }),
    ...(destination && { destination }),
    places: placesFrom(value.places),
  };
}

export const readRemembered = (uid: string): Remembered =>
  readStored('local', keyFor(uid), rememberedFrom) ?? { places: [] };

const pick = <K extends keyof CarcassFormValues>(values: CarcassFormValues, fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, values[field]])) as Pick<CarcassFormValues, K>;

/**
 * Remembers, after a record is saved, its animal and place for "Same as last", the rifle and destination for the next
 * form (when given: a record without them leaves what was remembered), and the place's name where it was.
 */
export function rememberSaved(uid: string, saved: RecordCullRequest): void {
  const before = readRemembered(uid);
  const { species, sex, location_name, grid_ref, latitude, longitude } = saved;
  const ground_id = saved.ground_id ?? undefined;
  const carcass = carcassValuesFromCull(saved);
  const rifle = pick(carcass, RIFLE_FIELDS);
  const destination = pick(carcass, DESTINATION_FIELDS);
  const named =
    latitude === undefined || longitude === undefined || location_name.trim() === ''
      ? []
      : [{ name: location_name, latitude, longitude }];
  const places = [
    ...named,
    ...before.places.filter(
      (place) =>
        named.length === 0 ||
        place.name !== location_name ||
        distanceMetres([place.longitude, place.latitude], [named[0]!.longitude, named[0]!.latitude]) >
          SAME_PLACE_METRES,
    ),
  ].slice(0, MAX_PLACES);
  keepStored('local', keyFor(uid), {
    last: { species, sex, location_name, grid_ref, latitude, longitude, ground_id },
    rifle: rifle.calibre === '' ? before.rifle : rifle,
    destination: destination.carcass_destination === '' ? before.destination : destination,
    places,
  } satisfies Remembered);
}

/** The form with the last animal and place filled in; a species typed under "Other" comes back that way. */
export function withLastUsed(values: CullFormValues, last: LastUsed): CullFormValues {
  const listed = (SPECIES as readonly string[]).includes(last.species) && last.species !== OTHER;
  return {
    ...values,
    species: listed ? last.species : OTHER,
    species_other: listed ? '' : last.species,
    sex: last.sex ?? values.sex,
    location_name: last.location_name,
    grid_ref: last.grid_ref ?? '',
    latitude: last.latitude === undefined ? '' : String(last.latitude),
    longitude: last.longitude === undefined ? '' : String(last.longitude),
    ground_id: last.ground_id ?? values.ground_id,
  };
}

/** A new record's form with the user's rifle and destination as they last gave them. */
export function withRememberedKit(values: CullFormValues, remembered: Remembered): CullFormValues {
  return { ...values, carcass: { ...values.carcass, ...remembered.rifle, ...remembered.destination } };
}

/** The name the user gave the place nearest the point, if one is within SAME_PLACE_METRES of it. */
export function nearestNamedPlace(
  places: readonly NamedPlace[],
  latitude: number,
  longitude: number,
): string | undefined {
  let nearest: { name: string; metres: number } | undefined;
  for (const place of places) {
    const metres = distanceMetres([place.longitude, place.latitude], [longitude, latitude]);
    if (metres <= SAME_PLACE_METRES && (nearest === undefined || metres < nearest.metres))
      nearest = { name: place.name, metres };
  }
  return nearest?.name;
}
