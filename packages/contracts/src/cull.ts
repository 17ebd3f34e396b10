import { z } from 'zod';
import {
  ABNORMALITY_CODES,
  AGE_ESTIMATES,
  ANTLER_CONDITIONS,
  BULLET_TYPES,
  CARCASS_DESTINATIONS,
  CLOUD_COVER,
  CONDITIONS,
  GAME_DEALER,
  PRECIPITATION,
  SEXES,
  WIND_DIRECTIONS,
  listedCalibre,
} from './enums';
import { CARCASS_MESSAGES, REQUIRED_MESSAGES } from './messages';
import { CoordinateLatitude, CoordinateLongitude } from './coordinates';
import { CullPhoto } from './photos';
import { refuseUnsafeText } from './validation';
import { LIMITS } from './limits';

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

/** Optional fields of the first version of the record (cull.recorded.v1): their schema never changes. */
const optionalFieldsV1 = {
  grid_ref: optionalText(LIMITS.gridRef),
  latitude: CoordinateLatitude,
  longitude: CoordinateLongitude,
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

const numberBetween = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, { error: message }).max(max, { error: message });

/** A calibre from the list by its name, or any other named as the stalker knows it, with its bore if known. */
export const CullCalibre = z
  .strictObject(
    {
      name: z
        .string({ error: CARCASS_MESSAGES.calibreName })
        .trim()
        .min(1, { error: CARCASS_MESSAGES.calibreName })
        .max(LIMITS.shortText, { error: `Must be at most ${LIMITS.shortText} characters` }),
      bore_in: numberBetween(0.1, 1, CARCASS_MESSAGES.boreRange).optional(),
    },
    { error: 'Calibre must be given as a name, with a bore for a calibre not on the list' },
  )
  .refine((calibre) => calibre.bore_in === undefined || listedCalibre(calibre.name) === undefined, {
    error: CARCASS_MESSAGES.boreOfListed,
    path: ['bore_in'],
  });
export type CullCalibre = z.infer<typeof CullCalibre>;

/** The trained hunter's examination of the carcass and viscera: who examined it and what they found. */
export const CullInspection = z
  .strictObject(
    {
      examined_by: z
        .string({ error: CARCASS_MESSAGES.examinedBy })
        .trim()
        .min(1, { error: CARCASS_MESSAGES.examinedBy })
        .max(LIMITS.shortText, { error: `Must be at most ${LIMITS.shortText} characters` }),
      certificate_number: optionalText(LIMITS.certificateNumber).optional(),
      abnormal_behaviour: z.boolean({ error: CARCASS_MESSAGES.abnormalBehaviour }),
      abnormalities: z
        .array(z.enum(ABNORMALITY_CODES, { error: CARCASS_MESSAGES.abnormality }), {
          error: CARCASS_MESSAGES.abnormality,
        })
        .max(ABNORMALITY_CODES.length, { error: CARCASS_MESSAGES.repeatedAbnormality })
        .refine((codes) => new Set(codes).size === codes.length, {
          error: CARCASS_MESSAGES.repeatedAbnormality,
        }),
      other_abnormality: optionalText(LIMITS.otherAbnormality).optional(),
      contamination_suspected: z.boolean({ error: CARCASS_MESSAGES.contamination }),
    },
    { error: 'Inspection must give who examined the carcass and what they found' },
  )
  .superRefine((inspection, context) => {
    const other = inspection.abnormalities.includes('other');
    if (other && !inspection.other_abnormality) {
      context.addIssue({
        code: 'custom',
        message: CARCASS_MESSAGES.otherAbnormality,
        path: ['other_abnormality'],
      });
    }
    if (!other && inspection.other_abnormality !== undefined) {
      context.addIssue({
        code: 'custom',
        message: CARCASS_MESSAGES.otherAbnormalityWithoutOther,
        path: ['other_abnormality'],
      });
    }
  });
export type CullInspection = z.infer<typeof CullInspection>;

/** The weather at the shot, as the stalker saw it. */
export const CullWeather = z
  .strictObject(
    {
      temperature_c: numberBetween(-30, 45, CARCASS_MESSAGES.temperature).optional(),
      wind_speed_mph: numberBetween(0, 150, CARCASS_MESSAGES.windSpeed).optional(),
      wind_direction: z.enum(WIND_DIRECTIONS, { error: CARCASS_MESSAGES.windDirection }).optional(),
      cloud: z.enum(CLOUD_COVER, { error: CARCASS_MESSAGES.cloud }).optional(),
      precipitation: z.enum(PRECIPITATION, { error: CARCASS_MESSAGES.precipitation }).optional(),
    },
    { error: CARCASS_MESSAGES.emptyWeather },
  )
  .refine((weather) => Object.keys(weather).length > 0, { error: CARCASS_MESSAGES.emptyWeather });
export type CullWeather = z.infer<typeof CullWeather>;

/** Optional fields added with cull.recorded.v2: what was used, who shot, where the carcass went, its inspection. */
const carcassFields = {
  calibre: CullCalibre,
  bullet_weight_gr: numberBetween(1, 1000, CARCASS_MESSAGES.bulletWeight),
  bullet_type: z.enum(BULLET_TYPES, { error: CARCASS_MESSAGES.bulletType }),
  muzzle_velocity_fps: numberBetween(500, 5000, CARCASS_MESSAGES.muzzleVelocity),
  muzzle_energy_j: numberBetween(1, 20_000, CARCASS_MESSAGES.muzzleEnergy),
  shooter: optionalText(LIMITS.shortText),
  carcass_tag: optionalText(LIMITS.carcassTag),
  carcass_destination: z.enum(CARCASS_DESTINATIONS, { error: CARCASS_MESSAGES.destination }),
  game_dealer: optionalText(LIMITS.gameDealer),
  inspection: CullInspection,
  weather: CullWeather,
};

/** Optional fields: absent (or null, meaning "clear it" in an amendment) when not given. */
const optionalFields = { ...optionalFieldsV1, ...carcassFields };

type OptionalShape = Record<string, z.ZodType>;

/** The fields of a record with these optional ones, each absent when not given. */
function fieldsSchema<Optional extends OptionalShape>(optional: Optional) {
  return z.object({
    ...requiredFields,
    ...Object.fromEntries(Object.entries(optional).map(([name, schema]) => [name, schema.optional()])),
  } as typeof requiredFields & { [K in keyof Optional]: z.ZodOptional<Optional[K]> });
}

/** A change to one field of a record with these optional ones: a value, or null to clear an optional field. */
function changesSchema<Optional extends OptionalShape>(optional: Optional) {
  return z
    .strictObject({
      ...requiredFields,
      ...Object.fromEntries(Object.entries(optional).map(([name, schema]) => [name, schema.nullable()])),
    } as typeof requiredFields & { [K in keyof Optional]: z.ZodNullable<Optional[K]> })
    .partial();
}

export const CULL_FIELD_NAMES = [
  ...Object.keys(requiredFields),
  ...Object.keys(optionalFields),
] as (keyof CullFields)[];

export const OPTIONAL_FIELD_NAMES = Object.keys(optionalFields) as (keyof typeof optionalFields)[];

/** The fields that hold an object of their own rather than one value. */
export const NESTED_FIELD_NAMES = ['calibre', 'inspection', 'weather'] as const;

/** The user-entered fields of a cull, after normalisation (trimmed, empty optionals removed). */
export const CullFields = fieldsSchema(optionalFields);
export type CullFields = z.infer<typeof CullFields>;

/** The fields as cull.recorded.v1 carries them, before the carcass fields. */
export const CullFieldsV1 = fieldsSchema(optionalFieldsV1);
export type CullFieldsV1 = z.infer<typeof CullFieldsV1>;

/** A nested field's parts without the empty ones; undefined when nothing is left, so it counts as not given. */
function withoutEmptyParts(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const parts = Object.entries(value).filter(
    ([, part]) => part !== null && part !== undefined && !(typeof part === 'string' && part.trim() === ''),
  );
  return parts.length === 0 ? undefined : Object.fromEntries(parts);
}

const NESTED: ReadonlySet<string> = new Set(NESTED_FIELD_NAMES);

/** An optional field's value as sent, or undefined when it says "not given" (null, blank, or an empty object). */
function givenValue(key: string, value: unknown): unknown {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  return NESTED.has(key) ? withoutEmptyParts(value) : value;
}

/** Empty strings and nulls mean "not given" for optional fields. */
function dropEmptyOptionals(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const isOptional = (OPTIONAL_FIELD_NAMES as string[]).includes(key);
    const given = isOptional ? givenValue(key, value) : value;
    if (isOptional && given === undefined) continue;
    result[key] = given;
  }
  return result;
}

/** Antler details only make sense with antlers, a dealer only for a carcass gone to one: drop them otherwise. */
function withoutOrphanDetails<T extends Partial<CullFields>>(fields: T): T {
  let result: Partial<CullFields> = fields;
  if (result.antlers_present === false) {
    const { antler_points: _points, antler_condition: _condition, ...rest } = result;
    result = rest;
  }
  if (result.game_dealer !== undefined && result.carcass_destination !== GAME_DEALER) {
    const { game_dealer: _dealer, ...rest } = result;
    result = rest;
  }
  return result as T;
}

/**
 * Where a record belongs, sent beside its fields: one of the user's grounds and outings, or null for none. Not one of
 * the fields cull.recorded carries: cull.placed.v1 records it. On a create without an outing, the server places the
 * record in the outing under way, if there is one.
 */
const placementFields = {
  ground_id: z.uuid({ error: 'ground_id must be a UUID' }).nullable().optional(),
  outing_id: z.uuid({ error: 'outing_id must be a UUID' }).nullable().optional(),
};

/** Body of POST /culls: the fields, plus an optional client-made id for idempotent creates. */
export const RecordCullRequest = z.preprocess(
  dropEmptyOptionals,
  z
    .strictObject({
      id: z.uuid({ error: 'id must be a UUID' }).optional(),
      ...CullFields.shape,
      ...placementFields,
      antlers_present: requiredFields.antlers_present.default(false),
    })
    .superRefine(refuseUnsafeText)
    .transform(withoutOrphanDetails),
);
export type RecordCullRequest = z.infer<typeof RecordCullRequest>;

/** A change to one field: a value, or null to clear an optional field. */
export const CullChanges = changesSchema(optionalFields);
export type CullChanges = z.infer<typeof CullChanges>;

/** A change as cull.amended.v1 carries it, before the carcass fields. */
export const CullChangesV1 = changesSchema(optionalFieldsV1);
export type CullChangesV1 = z.infer<typeof CullChangesV1>;

/** In an amendment, an optional field sent empty (blank, or an object with nothing in it) clears it. */
function emptyOptionalsToNull(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const isOptional = (OPTIONAL_FIELD_NAMES as string[]).includes(key);
    result[key] = isOptional && value !== null ? (givenValue(key, value) ?? null) : value;
  }
  return result;
}

/** Body of PATCH /culls/:id: only the fields sent change; expected_version guards against lost updates. */
export const AmendCullRequest = z.preprocess(
  emptyOptionalsToNull,
  z
    .strictObject({
      ...CullChanges.shape,
      ...placementFields,
      expected_version: z.number().int().min(1).optional(),
    })
    .superRefine(refuseUnsafeText)
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
  /** The record's photos, oldest first; absent when it has none. */
  photos: z.array(CullPhoto).min(1).optional(),
  /** The ground and outing the record belongs to, and the ground's name now; absent when none. */
  ground_id: z.string().optional(),
  ground_name: z.string().optional(),
  outing_id: z.string().optional(),
});
export type Cull = z.infer<typeof Cull>;

/**
 * What a warning on a record is about: the close season, night, a rifle or bullet below the legal minimum, and
 * a carcass tag the user gave another record of the same season.
 */
export const WARNING_CODES = ['close_season', 'night', 'calibre', 'duplicate_tag'] as const;

/**
 * A legal rule the record may have broken, named with the exceptions that may make it lawful. Computed from the
 * record whenever it is read, never stored, and never a reason to refuse it.
 */
export const CullWarning = z.object({
  code: z.enum(WARNING_CODES),
  message: z.string(),
});
export type CullWarning = z.infer<typeof CullWarning>;

/**
 * Who culled a record, as a team reads it: the member's user id and their name in the team; "Former member" and no
 * uid once that person has erased their account.
 */
export const CulledBy = z.object({ uid: z.string().optional(), name: z.string() });
export type CulledBy = z.infer<typeof CulledBy>;

/** A cull as the API answers it: the record and the warnings that apply to it. */
export const CullView = Cull.extend({
  warnings: z.array(CullWarning),
  /** Read through a team (`?team=`): who culled it, by their name in the team. */
  culled_by: CulledBy.optional(),
});
export type CullView = z.infer<typeof CullView>;
