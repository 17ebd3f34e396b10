import { z } from 'zod';
import { Cull, CullView, CullWarning } from './cull';
import { CARCASS_DESTINATIONS, SEXES } from './enums';
import {
  FILTER_ID_PATTERN,
  LIMITS,
  LIST_CULLS_QUERY_DEFAULTS as DEFAULTS,
  SORT_COLUMNS,
  SORT_ORDERS,
} from './limits';
import { OutingFigures, SeasonKey, SeasonStart } from './grounds';
import { MESSAGES } from './messages';
import { isUnsafeText } from './validation';

/** A ground's or an outing's id to filter by, named in the refusal. */
const filterId = (name: string) =>
  z
    .string({ error: `${name} must be given once` })
    .regex(FILTER_ID_PATTERN, { error: `${name} must be a UUID` });

/** Query of GET /api/culls. Query strings arrive as text, so numbers are coerced. */
export const ListCullsQuery = z.strictObject({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.pageMax, { error: `page must be at most ${LIMITS.pageMax}` })
    .default(DEFAULTS.page),
  page_size: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(DEFAULTS.page_size),
  sort: z.enum(SORT_COLUMNS).default(DEFAULTS.sort),
  order: z.enum(SORT_ORDERS).default(DEFAULTS.order),
  q: z.string().trim().max(LIMITS.searchText).default(DEFAULTS.q),
  // The filters: each narrows the list to records with that value; absent, it lets every record through.
  ground_id: filterId('ground_id').optional(),
  outing_id: filterId('outing_id').optional(),
  species: z
    .string({ error: 'species must be given once' })
    .trim()
    .min(1, { error: 'species must not be empty' })
    .max(LIMITS.shortText, { error: `species must be at most ${LIMITS.shortText} characters` })
    .optional(),
  sex: z.enum(SEXES, { error: 'sex must be Male, Female or Unknown' }).optional(),
  destination: z
    .enum(CARCASS_DESTINATIONS, { error: `destination must be one of: ${CARCASS_DESTINATIONS.join(', ')}` })
    .optional(),
});
export type ListCullsQuery = z.infer<typeof ListCullsQuery>;

export const ListCullsResponse = z.object({
  items: z.array(CullView),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type ListCullsResponse = z.infer<typeof ListCullsResponse>;

/** A page of records as a store reads it, before the warnings are worked out. */
export type CullPage = Omit<ListCullsResponse, 'items'> & { items: Cull[] };

/**
 * What a map marker and its popup show of a record: a record with both coordinates, minus its bookkeeping, with its
 * ground and the ground's name now when it has one.
 */
export const MapCullFields = Cull.pick({
  id: true,
  latitude: true,
  longitude: true,
  location_name: true,
  date: true,
  time: true,
  species: true,
  sex: true,
  age_estimate: true,
  weight: true,
  condition: true,
  antlers_present: true,
  antler_points: true,
  antler_condition: true,
  shot_placement: true,
  shot_distance: true,
  notes: true,
  ground_id: true,
  ground_name: true,
}).required({ latitude: true, longitude: true });
export type MapCullFields = z.infer<typeof MapCullFields>;

/** A map marker's record as the API answers it, with its warnings. */
export const MapCull = MapCullFields.extend({ warnings: z.array(CullWarning) });
export type MapCull = z.infer<typeof MapCull>;

/** GET /api/culls/locations: every record of the caller that has coordinates, newest first, in one answer. */
export const MapCullsResponse = z.object({ items: z.array(MapCull) });
export type MapCullsResponse = z.infer<typeof MapCullsResponse>;

/** One located record as the map draws it: [latitude, longitude, index into `species`]. */
export const MapPoint = z.tuple([z.number(), z.number(), z.number().int().min(0)]);
export type MapPoint = z.infer<typeof MapPoint>;

/**
 * GET /api/culls/map-points: every located record of the caller in about 25 bytes each, newest first. A marker's
 * details come from GET /api/culls/at with its exact coordinates, so the map never downloads what it does not show.
 */
export const MapPointsResponse = z.object({
  /** The species named by the points, each once; a point holds its index here. */
  species: z.array(z.string()),
  points: z.array(MapPoint),
  /** True when the caller has more located records than MAP_POINTS_LIMIT. */
  truncated: z.boolean(),
});
export type MapPointsResponse = z.infer<typeof MapPointsResponse>;

/** GET /api/culls/at?latitude=&longitude=: the caller's records at exactly that point, newest first. */
export const CullsAtQuery = z.strictObject({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});
export type CullsAtQuery = z.infer<typeof CullsAtQuery>;

export const DevLoginRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Name is required' })
    .max(LIMITS.shortText)
    .refine((name) => !isUnsafeText(name), { error: MESSAGES.unsafeText }),
  email: z.email({ error: 'Enter a valid e-mail address' }).max(254),
});
export type DevLoginRequest = z.infer<typeof DevLoginRequest>;

/**
 * `POST /auth/dev/reauthenticate`: the development sign-in asked again before the account's erasure. The e-mail address
 * is who the user is there, so it must be the signed-in user's own.
 */
export const DevReauthenticationRequest = z.strictObject({
  email: z.email({ error: 'Enter a valid e-mail address' }).max(254),
});
export type DevReauthenticationRequest = z.infer<typeof DevReauthenticationRequest>;

export const StatsQuery = z.strictObject({
  /** The season of the season table and the outing figures; defaults to the one containing today. */
  season: SeasonKey.optional(),
  /** Wait (briefly) until the projection has applied the event at this global position. */
  after: z.coerce.number().int().min(0).optional(),
});

export const StatsResponse = z.object({
  total_culls: z.number().int().min(0),
  this_month: z.number().int().min(0),
  species_breakdown: z.record(z.string(), z.number().int().min(0)),
  average_weight: z.number().nullable(),
  top_species: z.string().nullable(),
  /** The twelve months of the season asked for (by the user's start), first first, as YYYY-MM. */
  per_month: z.array(z.object({ month: z.string(), count: z.number().int().min(0) })),
  /** The season asked for (by default the current one), from the user's season start: counts per species and sex. */
  season: z.object({
    label: z.string(),
    from: z.string(),
    to: z.string(),
    species_by_sex: z.record(z.string(), z.record(z.string(), z.number().int().min(0))),
    /** The season's outings, blank outings, hours out and hours per deer. */
    outings: OutingFigures.optional(),
    /** Every carcass destination with its count in the season, then "Not recorded" for the culls without one. */
    destinations: z.array(z.object({ destination: z.string(), count: z.number().int().min(0) })).optional(),
    /** Each legal warning (close season, night, calibre), named, with how many of the season's culls have it. */
    warnings: z
      .array(z.object({ code: z.string(), warning: z.string(), count: z.number().int().min(0) }))
      .optional(),
  }),
  /** The user's season start, MM-DD. */
  season_start: SeasonStart.optional(),
  /** Global position of the last event the projection applied. */
  position: z.number().int().min(0),
});
export type StatsResponse = z.infer<typeof StatsResponse>;

export const ExportQuery = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  species: z.string().trim().min(1).max(LIMITS.shortText).optional(),
  /** Only the records of this season (by the user's season start), within from and to if given too. */
  season: SeasonKey.optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'not_authenticated',
  'forbidden',
  'not_found',
  'version_conflict',
  'not_declarable',
  'already_exists',
  /** A team's last manager cannot leave or be demoted. */
  'last_manager',
  'already_member',
  /** An invitation link that no longer lets anyone join, and why. */
  'invite_expired',
  'invite_revoked',
  'invite_used_up',
  /** A ground archived, or already a team's, cannot be moved into a team. */
  'archived',
  'in_team',
  /** The user already holds as many of something as they may (access tokens): one must go before another comes. */
  'limit_reached',
  'payload_too_large',
  /** An import committed already, or being committed. */
  'already_imported',
  /** An import cannot be undone: a record of it was changed since. */
  'changed_since',
  /** The account's erasure asks the user to sign in again first: their last sign-in is not recent enough. */
  'reauthentication_required',
  'rate_limited',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Per-field messages for validation failures, keyed by field name. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiError>;

export { EVENT_POSITION_HEADER } from './headers';
