import {
  OTHER,
  SHOT_PLACEMENTS,
  SPECIES,
  parseNumberInput,
  type Cull,
  type CullWarning,
} from '@cull-log/contracts';
import { cullWarnings, gridReferenceFor, parseGridReference, type WarningFacts } from '@cull-log/domain';
import { formatUkTime, localIsoDate } from '../../lib/format';
import {
  carcassCandidate,
  carcassFormFieldFor,
  carcassValuesFromCull,
  emptyCarcassValues,
  rifleFacts,
  type CarcassFormField,
  type CarcassFormValues,
} from './carcass-form-model';

/** What the form holds: text as typed, so nothing the user enters is reformatted under them. */
export interface CullFormValues {
  date: string;
  time: string;
  location_name: string;
  grid_ref: string;
  latitude: string;
  longitude: string;
  species: string;
  species_other: string;
  sex: string;
  age_estimate: string;
  weight: string;
  condition: string;
  condition_notes: string;
  antlers_present: boolean;
  antler_points: string;
  antler_condition: string;
  shot_placement: string;
  shot_placement_other: string;
  shot_distance: string;
  notes: string;
  /** The user's ground the record belongs to ('' for none), and the outing it was recorded in ('' for none). */
  ground_id: string;
  outing_id: string;
  /** The rifle, the carcass, its inspection and the weather: their own sections of the form. */
  carcass: CarcassFormValues;
}

export type CullFormField = keyof CullFormValues;
export type CullFormErrors = Partial<Record<CullFormField | CarcassFormField, string>>;

/**
 * A new record's form, at `now`: most records are made at the beast, so now is the truest default (a fixed 06:00 put a
 * cull at 07:02 before sunrise and warned it as night shooting). `shooter` is whoever fills it in, as their record
 * usually is their own shot.
 */
export function emptyFormValues(now: Date, shooter = ''): CullFormValues {
  return {
    date: localIsoDate(now),
    time: formatUkTime(now),
    location_name: '',
    grid_ref: '',
    latitude: '',
    longitude: '',
    species: '',
    species_other: '',
    sex: '',
    age_estimate: '',
    weight: '',
    condition: '',
    condition_notes: '',
    antlers_present: false,
    antler_points: '',
    antler_condition: '',
    shot_placement: '',
    shot_placement_other: '',
    shot_distance: '',
    notes: '',
    ground_id: '',
    outing_id: '',
    carcass: emptyCarcassValues(shooter),
  };
}

/** A stored value outside the list was typed as "Other" free text, so it is shown that way again. */
function splitChoice(value: string, choices: readonly string[]): [choice: string, other: string] {
  if (value !== OTHER && choices.includes(value)) return [value, ''];
  return [OTHER, value === OTHER ? '' : value];
}

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

export function valuesFromCull(cull: Cull): CullFormValues {
  const [species, species_other] = splitChoice(cull.species, SPECIES);
  const [shot_placement, shot_placement_other] = splitChoice(cull.shot_placement, SHOT_PLACEMENTS);
  return {
    date: cull.date,
    time: cull.time,
    location_name: cull.location_name,
    grid_ref: text(cull.grid_ref),
    latitude: text(cull.latitude),
    longitude: text(cull.longitude),
    species,
    species_other,
    sex: cull.sex,
    age_estimate: cull.age_estimate,
    weight: text(cull.weight),
    condition: cull.condition,
    condition_notes: text(cull.condition_notes),
    antlers_present: cull.antlers_present,
    antler_points: text(cull.antler_points),
    antler_condition: text(cull.antler_condition),
    shot_placement,
    shot_placement_other,
    shot_distance: text(cull.shot_distance),
    notes: text(cull.notes),
    ground_id: cull.ground_id ?? '',
    outing_id: cull.outing_id ?? '',
    carcass: carcassValuesFromCull(cull),
  };
}

/** Where a record field's message is shown: on the free-text box when "Other" is chosen. */
export function formFieldFor(field: string, values: CullFormValues): CullFormField | undefined {
  if (field === 'species' && values.species === OTHER) return 'species_other';
  if (field === 'shot_placement' && values.shot_placement === OTHER) return 'shot_placement_other';
  return field in values ? (field as CullFormField) : undefined;
}

export function toFormErrors(fields: Record<string, string>, values: CullFormValues): CullFormErrors {
  const errors: CullFormErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const target =
      field === 'carcass'
        ? undefined
        : (formFieldFor(field, values) ?? carcassFormFieldFor(field, values.carcass));
    if (target) errors[target] ??= message;
  }
  return errors;
}

const blankToUndefined = (value: string) => (value === '' ? undefined : value);

/**
 * The record the form describes, before validation ("Other" replaced by its text, numbers parsed), without the fields
 * left undefined.
 */
export function candidateRecord(values: CullFormValues): Record<string, unknown> {
  return withoutUndefined({
    date: values.date,
    time: values.time,
    location_name: values.location_name,
    grid_ref: values.grid_ref,
    latitude: parseNumberInput(values.latitude),
    longitude: parseNumberInput(values.longitude),
    species: values.species === OTHER ? values.species_other : values.species,
    sex: blankToUndefined(values.sex),
    age_estimate: blankToUndefined(values.age_estimate),
    weight: parseNumberInput(values.weight),
    condition: blankToUndefined(values.condition),
    condition_notes: values.condition_notes,
    antlers_present: values.antlers_present,
    ...(values.antlers_present
      ? {
          antler_points: parseNumberInput(values.antler_points),
          antler_condition: blankToUndefined(values.antler_condition),
        }
      : {}),
    shot_placement: values.shot_placement === OTHER ? values.shot_placement_other : values.shot_placement,
    shot_distance: values.shot_distance,
    notes: values.notes,
    ground_id: blankToUndefined(values.ground_id),
    outing_id: blankToUndefined(values.outing_id),
    ...carcassCandidate(values.carcass),
  });
}

/** Undefined fields are left out entirely: stripped before writing. */
function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

export type FormCheck<T> = { ok: true; body: T } | { ok: false; errors: CullFormErrors };

/** Why the typed grid reference is not one (the server refuses it in the same words); undefined when it is. */
export function gridRefError(values: CullFormValues): string | undefined {
  if (values.grid_ref.trim() === '') return undefined;
  const parsed = parseGridReference(values.grid_ref);
  return parsed.ok ? undefined : parsed.message;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What the warning rules judge of the form as it stands; undefined until species, sex, date and time are given. */
export function formWarningFacts(values: CullFormValues): WarningFacts | undefined {
  const species = values.species === OTHER ? values.species_other : values.species;
  if (species.trim() === '' || values.sex === '' || !DATE.test(values.date) || !TIME.test(values.time))
    return undefined;
  return {
    species,
    sex: values.sex,
    date: values.date,
    time: values.time,
    latitude: parseNumberInput(values.latitude) ?? null,
    longitude: parseNumberInput(values.longitude) ?? null,
    ...rifleFacts(values.carcass),
  };
}

/** The warnings the record would carry if saved as it stands; none until species, sex, date and time are given. */
export function formWarnings(values: CullFormValues): CullWarning[] {
  const facts = formWarningFacts(values);
  return facts === undefined ? [] : cullWarnings(facts);
}

/** Typing a valid grid reference fills the coordinates, with the centre of its square. */
export function withGridRef(values: CullFormValues, gridRef: string): CullFormValues {
  const parsed = gridRef.trim() === '' ? undefined : parseGridReference(gridRef);
  if (parsed === undefined || !parsed.ok) return { ...values, grid_ref: gridRef };
  return {
    ...values,
    grid_ref: gridRef,
    latitude: parsed.latitude.toFixed(6),
    longitude: parsed.longitude.toFixed(6),
  };
}

/** New coordinates (typed, from the phone or a pin) fill an 8-figure grid reference where the grid reaches. */
export function withCoordinates(values: CullFormValues, latitude: string, longitude: string): CullFormValues {
  const next = { ...values, latitude, longitude };
  const lat = parseNumberInput(latitude);
  const lon = parseNumberInput(longitude);
  if (lat === undefined || lon === undefined) return next;
  const reference = gridReferenceFor(lat, lon);
  return reference === undefined ? next : { ...next, grid_ref: reference };
}
