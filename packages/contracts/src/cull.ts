import { z } from 'zod';
import { AGE_ESTIMATES, ANTLER_CONDITIONS, CONDITIONS, SEXES } from './enums';
import { REQUIRED_MESSAGES } from './messages';

/** Server-side bounds the original app lacked; the form enforces the same ones. */
export const LIMITS = {
  shortText: 100,
  locationName: 200,
  gridRef: 20,
  longText: 2000,
  notes: 5000,
  weightMaxKg: 1000,
  antlerPointsMax: 60,
  searchText: 200,
  pageSizeMax: 100,
} as const;

const required = (field: keyof typeof REQUIRED_MESSAGES) => ({ error: REQUIRED_MESSAGES[field] });

function requiredText(field: keyof typeof REQUIRED_MESSAGES, max: number) {
  return z
    .string(required(field))
    .trim()
    .min(1, required(field))
    .max(max, { error: `Must be at most ${max} characters` });
}

function requiredChoice<const T extends readonly [string, ...string[]]>(
  field: keyof typeof REQUIRED_MESSAGES,
  values: T,
) {
  return z.enum(values, required(field));
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const CullDate = z
  .string(required('date'))
  .min(1, required('date'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be a valid date (YYYY-MM-DD)' })
  .refine(isCalendarDate, { error: 'Date must be a valid date (YYYY-MM-DD)' });

export const CullTime = z
  .string(required('time'))
  .min(1, required('time'))
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Time must be HH:MM' });

/** Required fields of a cull record. */
const requiredFields = {
  date: CullDate,
  time: CullTime,
  location_name: requiredText('location_name', LIMITS.locationName),
  species: requiredText('species', LIMITS.shortText),
  sex: requiredChoice('sex', SEXES),
  age_estimate: requiredChoice('age_estimate', AGE_ESTIMATES),
  condition: requiredChoice('condition', CONDITIONS),
  shot_placement: requiredText('shot_placement', LIMITS.shortText),
  antlers_present: z.boolean({ error: 'Antlers present must be true or false' }),
};

/** Optional fields: absent (or null, meaning "clear it" in an amendment) when not given. */
const optionalFields = {
  grid_ref: optionalText(LIMITS.gridRef),
  latitude: z
    .number({ error: 'Latitude must be a number' })
    .min(-90, { error: 'Latitude must be between -90 and 90' })
    .max(90, { error: 'Latitude must be between -90 and 90' }),
  longitude: z
    .number({ error: 'Longitude must be a number' })
    .min(-180, { error: 'Longitude must be between -180 and 180' })
    .max(180, { error: 'Longitude must be between -180 and 180' }),
  weight: z
    .number({ error: 'Weight must be a number' })
    .min(0, { error: 'Weight must be between 0 and 1000 kg' })
    .max(LIMITS.weightMaxKg, { error: 'Weight must be between 0 and 1000 kg' }),
  condition_notes: optionalText(LIMITS.longText),
  antler_points: z
    .number({ error: 'Antler points must be a number' })
    .int({ error: 'Antler points must be a whole number' })
    .min(0, { error: 'Antler points cannot be negative' })
    .max(LIMITS.antlerPointsMax, { error: `Antler points must be at most ${LIMITS.antlerPointsMax}` }),
  antler_condition: z.enum(ANTLER_CONDITIONS, { error: 'Choose an antler condition from the list' }),
  shot_distance: optionalText(LIMITS.shortText),
  notes: optionalText(LIMITS.notes),
};

export const CULL_FIELD_NAMES = [
  ...Object.keys(requiredFields),
  ...Object.keys(optionalFields),
] as (keyof CullFields)[];

export const OPTIONAL_FIELD_NAMES = Object.keys(optionalFields) as (keyof typeof optionalFields)[];

/** The user-entered fields of a cull, after normalisation (trimmed, empty optionals removed). */
export const CullFields = z.object({
  ...requiredFields,
  ...Object.fromEntries(Object.entries(optionalFields).map(([name, schema]) => [name, schema.optional()])),
} as typeof requiredFields & {
  [K in keyof typeof optionalFields]: z.ZodOptional<(typeof optionalFields)[K]>;
});
export type CullFields = z.infer<typeof CullFields>;

/** Empty strings and nulls mean "not given" for optional fields. */
function dropEmptyOptionals(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const isOptional = (OPTIONAL_FIELD_NAMES as string[]).includes(key);
    if (isOptional && (value === null || (typeof value === 'string' && value.trim() === ''))) continue;
    result[key] = value;
  }
  return result;
}

/** Antler details only make sense with antlers: drop them when antlers are absent. */
function withoutOrphanAntlerDetails<T extends Partial<CullFields>>(fields: T): T {
  if (fields.antlers_present === false) {
    const { antler_points: _points, antler_condition: _condition, ...rest } = fields;
    return rest as T;
  }
  return fields;
}

/** Body of POST /culls: the fields, plus an optional client-made id for idempotent creates. */
export const RecordCullRequest = z.preprocess(
  dropEmptyOptionals,
  z
    .strictObject({
      id: z.uuid({ error: 'id must be a UUID' }).optional(),
      ...CullFields.shape,
      antlers_present: requiredFields.antlers_present.default(false),
    })
    .transform(withoutOrphanAntlerDetails),
);
export type RecordCullRequest = z.infer<typeof RecordCullRequest>;

/** A change to one field: a value, or null to clear an optional field. */
export const CullChanges = z
  .strictObject({
    ...requiredFields,
    ...Object.fromEntries(Object.entries(optionalFields).map(([name, schema]) => [name, schema.nullable()])),
  } as typeof requiredFields & {
    [K in keyof typeof optionalFields]: z.ZodNullable<(typeof optionalFields)[K]>;
  })
  .partial();
export type CullChanges = z.infer<typeof CullChanges>;

function emptyOptionalsToNull(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const isOptional = (OPTIONAL_FIELD_NAMES as string[]).includes(key);
    result[key] = isOptional && typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return result;
}

/** Body of PATCH /culls/:id: only the fields sent change; expected_version guards against lost updates. */
export const AmendCullRequest = z.preprocess(
  emptyOptionalsToNull,
  z
    .strictObject({
      ...CullChanges.shape,
      expected_version: z.number().int().min(1).optional(),
    })
    .refine((body) => Object.keys(body).some((key) => key !== 'expected_version'), {
      error: 'Send at least one field to change',
    }),
);
export type AmendCullRequest = z.infer<typeof AmendCullRequest>;

/** A cull as read back: the fields plus identity, owner, timestamps (ISO strings) and stream version. */
export const Cull = CullFields.extend({
  id: z.string(),
  created_by: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  version: z.number().int().min(1),
});
export type Cull = z.infer<typeof Cull>;

/** What a warning on a record is about: the close season, night, and (once recorded) the calibre. */
export const WARNING_CODES = ['close_season', 'night', 'calibre'] as const;

/**
 * A legal rule the record may have broken, named with the exceptions that may make it lawful. Computed from the
 * record whenever it is read, never stored, and never a reason to refuse it.
 */
export const CullWarning = z.object({
  code: z.enum(WARNING_CODES),
  message: z.string(),
});
export type CullWarning = z.infer<typeof CullWarning>;

/** A cull as the API answers it: the record and the warnings that apply to it. */
export const CullView = Cull.extend({ warnings: z.array(CullWarning) });
export type CullView = z.infer<typeof CullView>;
