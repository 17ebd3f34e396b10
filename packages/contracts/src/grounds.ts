import { z } from 'zod';
import { SEASON_STARTS, SPECIES } from './enums';
import { LIMITS, MANAGEMENT_LIMITS } from './limits';
import { yearsFollowOn } from './list-query-check';
import { MANAGEMENT_MESSAGES } from './messages';
import { Hunters, OutingSightingItems, OutingSightingLine, SightingLine } from './sightings';
import { refuseUnsafeText } from './validation';

/**
 * Grounds, outings, the season setting and cull plans: how a deer manager organises the year. Each is owned by one
 * user like a cull, written as events by the records service and read back through its routes and projections.
 */

const Id = (what: string) => z.uuid({ error: `${what} must be a UUID` });
export const GroundId = Id('ground_id');
export const OutingId = Id('outing_id');

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });
const GroundName = text(MANAGEMENT_LIMITS.groundName).min(1, { error: MANAGEMENT_MESSAGES.groundName });

const Longitude = z.number().min(-180).max(180);
const Latitude = z.number().min(-90).max(90);

/** A GeoJSON Polygon with one ring (no holes), as [longitude, latitude] pairs, the last corner equal to the first. */
export const GroundBoundary = z
  .strictObject(
    {
      type: z.literal('Polygon'),
      coordinates: z
        .array(
          z
            .array(z.tuple([Longitude, Latitude]))
            .min(4)
            .max(MANAGEMENT_LIMITS.boundaryCornersMax),
        )
        .length(1),
    },
    { error: MANAGEMENT_MESSAGES.boundary },
  )
  .refine(
    ({ coordinates: [ring] }) => {
      const first = ring?.[0];
      const last = ring?.at(-1);
      return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
    },
    { error: MANAGEMENT_MESSAGES.boundary },
  );
export type GroundBoundary = z.infer<typeof GroundBoundary>;

/** A ground's centre point, for a ground with no boundary or to say where its heart is. */
export const GroundCentre = z.strictObject({ latitude: Latitude, longitude: Longitude });
export type GroundCentre = z.infer<typeof GroundCentre>;

/** Body of POST /api/grounds. Without a centre, the server takes the middle of the boundary when there is one. */
export const CreateGroundRequest = z
  .strictObject({
    id: GroundId.optional(),
    /** A team's ground, made by one of its managers; without it, the caller's own. */
    team_id: z.uuid({ error: 'team_id must be a UUID' }).optional(),
    name: GroundName,
    notes: text(MANAGEMENT_LIMITS.groundNotes).optional(),
    boundary: GroundBoundary.optional(),
    centre: GroundCentre.optional(),
  })
  .superRefine(refuseUnsafeText);
export type CreateGroundRequest = z.infer<typeof CreateGroundRequest>;

/**
 * Body of PATCH /api/grounds/:id: rename, change the notes, redraw (null clears), archive or restore; or, alone,
 * `team_id` moves the caller's own ground into a team they manage.
 */
export const AmendGroundRequest = z
  .strictObject({
    expected_version: z.number().int().min(1).optional(),
    team_id: z.uuid({ error: 'team_id must be a UUID' }).optional(),
    name: GroundName.optional(),
    notes: text(MANAGEMENT_LIMITS.groundNotes).nullable().optional(),
    boundary: GroundBoundary.nullable().optional(),
    centre: GroundCentre.nullable().optional(),
    archived: z.boolean().optional(),
  })
  .superRefine(refuseUnsafeText)
  .refine((body) => Object.keys(body).some((key) => key !== 'expected_version'), {
    error: MANAGEMENT_MESSAGES.atLeastOneChange,
  })
  .refine(
    (body) =>
      body.team_id === undefined ||
      Object.keys(body).every((key) => key === 'team_id' || key === 'expected_version'),
    { error: MANAGEMENT_MESSAGES.moveAlone, path: ['team_id'] },
  );
export type AmendGroundRequest = z.infer<typeof AmendGroundRequest>;

/** A ground as read back. An archived ground keeps its records and is no longer offered for new ones. */
export const Ground = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string().nullable(),
  boundary: GroundBoundary.nullable(),
  centre: GroundCentre.nullable(),
  archived: z.boolean(),
  version: z.number().int().min(1),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Ground = z.infer<typeof Ground>;

/** GET /api/grounds: every ground of the caller, archived ones included, by name. */
export const ListGroundsResponse = z.object({ items: z.array(Ground) });
export type ListGroundsResponse = z.infer<typeof ListGroundsResponse>;

/** An instant with its offset, as a browser's `toISOString()` writes it. */
export const OutingTime = z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601)' });

/**
 * Body of POST /api/outings: "Start outing" sends the ground alone (it starts now); an outing recorded afterwards
 * sends both times. A user has at most one outing under way (no end) at a time. `hunters` is the people out (1 unless
 * told); `sightings` the deer seen, by species, sex and age class (an empty list: nothing seen, a blank outing's
 * record too; left out: not recorded).
 */
export const StartOutingRequest = z
  .strictObject({
    id: OutingId.optional(),
    ground_id: GroundId,
    started_at: OutingTime.optional(),
    ended_at: OutingTime.optional(),
    notes: text(MANAGEMENT_LIMITS.outingNotes).optional(),
    hunters: Hunters.optional(),
    sightings: OutingSightingItems.optional(),
  })
  .superRefine(refuseUnsafeText)
  .refine(
    (body) =>
      body.started_at === undefined ||
      body.ended_at === undefined ||
      Date.parse(body.ended_at) > Date.parse(body.started_at),
    { error: MANAGEMENT_MESSAGES.outingEndsBeforeStart, path: ['ended_at'] },
  );
export type StartOutingRequest = z.infer<typeof StartOutingRequest>;

/**
 * Body of PATCH /api/outings/:id: "End outing" sends `ended_at`; null reopens it. `hunters` and `sightings` replace
 * what the outing had (sightings whole: the counters send every line).
 */
export const AmendOutingRequest = z
  .strictObject({
    expected_version: z.number().int().min(1).optional(),
    ground_id: GroundId.optional(),
    started_at: OutingTime.optional(),
    ended_at: OutingTime.nullable().optional(),
    notes: text(MANAGEMENT_LIMITS.outingNotes).nullable().optional(),
    hunters: Hunters.optional(),
    sightings: OutingSightingItems.optional(),
  })
  .superRefine(refuseUnsafeText)
  .refine((body) => Object.keys(body).some((key) => key !== 'expected_version'), {
    error: MANAGEMENT_MESSAGES.atLeastOneChange,
  });
export type AmendOutingRequest = z.infer<typeof AmendOutingRequest>;

/**
 * An outing as read back; one with no cull is a blank outing. `hunters` is the people out (1 unless told); `sightings`
 * the deer seen, null where none were recorded (an empty list: nothing was seen).
 */
export const Outing = z.object({
  id: z.string(),
  ground_id: z.string(),
  started_at: z.iso.datetime({ offset: true }),
  ended_at: z.iso.datetime({ offset: true }).nullable(),
  notes: z.string().nullable(),
  hunters: z.number().int().min(1),
  sightings: z.array(OutingSightingLine).nullable(),
  cull_count: z.number().int().min(0),
  version: z.number().int().min(1),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Outing = z.infer<typeof Outing>;

/** Query of GET /api/outings: newest first, within a season when one is given. */
export const ListOutingsQuery = z.strictObject({
  season: z.string().optional(),
});

/** GET /api/outings: the caller's outings, newest first; `open` is the one under way, if any. */
export const ListOutingsResponse = z.object({ items: z.array(Outing), open: Outing.nullable() });
export type ListOutingsResponse = z.infer<typeof ListOutingsResponse>;

export const SeasonStart = z.enum(SEASON_STARTS, { error: MANAGEMENT_MESSAGES.seasonStart });
export type SeasonStart = z.infer<typeof SeasonStart>;

/** GET /api/settings, and the body of PATCH /api/settings. */
export const Settings = z.strictObject({ season_start: SeasonStart });
export type Settings = z.infer<typeof Settings>;
export const UpdateSettingsRequest = Settings.partial().refine((body) => Object.keys(body).length > 0, {
  error: MANAGEMENT_MESSAGES.atLeastOneChange,
});
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequest>;

/** A season as a path or query parameter, `2026-27`; shown as `2026/27`. */
export const SeasonKey = z
  .string({ error: MANAGEMENT_MESSAGES.season })
  .regex(/^\d{4}-\d{2}$/, { error: MANAGEMENT_MESSAGES.season })
  .refine(yearsFollowOn, { error: MANAGEMENT_MESSAGES.season });
export type SeasonKey = z.infer<typeof SeasonKey>;

/** `2026/27` → `2026-27`, and back. */
export const seasonKeyOf = (label: string): SeasonKey => label.replace('/', '-');
export const seasonLabelOf = (key: SeasonKey): string => key.replace('-', '/');

/** A plan's sex classes: a target for juveniles of either sex is optional; without one, they count by sex. */
export const PLAN_CLASSES = ['Male', 'Female', 'Juvenile'] as const;
export type PlanClass = (typeof PLAN_CLASSES)[number];

/** A target: how many of a species and class to cull in the season. */
export const PlanTarget = z.strictObject({
  species: z.enum(SPECIES, { error: 'Choose a species from the list' }),
  class: z.enum(PLAN_CLASSES, { error: 'Choose Male, Female or Juvenile' }),
  target: z
    .number({ error: MANAGEMENT_MESSAGES.target })
    .int({ error: MANAGEMENT_MESSAGES.target })
    .min(0, { error: MANAGEMENT_MESSAGES.target })
    .max(MANAGEMENT_LIMITS.targetMax, { error: MANAGEMENT_MESSAGES.target }),
});
export type PlanTarget = z.infer<typeof PlanTarget>;

/** One plan of a season: for one ground, or (ground_id null) for all the user's grounds together. */
export const Plan = z.strictObject({
  ground_id: GroundId.nullable(),
  targets: z
    .array(PlanTarget)
    .max(MANAGEMENT_LIMITS.targetsPerPlan)
    .refine((targets) => new Set(targets.map((t) => `${t.species}|${t.class}`)).size === targets.length, {
      error: MANAGEMENT_MESSAGES.planDuplicateTarget,
    }),
});
export type Plan = z.infer<typeof Plan>;

/**
 * A team plan's share for one member (`uid`, as the team's members list names them): how many of a species and
 * class they are to cull on one of the team's grounds in the season.
 */
export const PlanAllocation = PlanTarget.extend({
  uid: z.string().min(1).max(200),
  ground_id: GroundId,
});
export type PlanAllocation = z.infer<typeof PlanAllocation>;

/**
 * Body of PUT /api/plans/:season: the season's plans, replacing the ones it had. A team's plan (`?team=`, managers
 * only) may share its targets out among members with `allocations`; one's own plan has none.
 */
export const PutPlansRequest = z.strictObject({
  plans: z
    .array(Plan)
    .max(MANAGEMENT_LIMITS.plansPerSeason)
    .refine((plans) => new Set(plans.map((plan) => plan.ground_id)).size === plans.length, {
      error: MANAGEMENT_MESSAGES.planDuplicateGround,
    }),
  allocations: z
    .array(PlanAllocation)
    .max(MANAGEMENT_LIMITS.allocationsPerSeason)
    .refine(
      (rows) =>
        new Set(rows.map((row) => `${row.uid}|${row.ground_id}|${row.species}|${row.class}`)).size ===
        rows.length,
      { error: MANAGEMENT_MESSAGES.allocationDuplicate },
    )
    .optional(),
});
export type PutPlansRequest = z.infer<typeof PutPlansRequest>;

/** GET /api/plans/:season: the season's plans (none until set), with its label and dates. */
export const PlansResponse = z.object({
  season: z.string(),
  from: z.string(),
  to: z.string(),
  plans: z.array(Plan),
  /** A team's plan only: each member's share (an erased member's share is gone with them). */
  allocations: z.array(PlanAllocation).optional(),
  updated_at: z.iso.datetime().nullable(),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

/**
 * One line of plan progress: culled against the target for a species and class on a ground (ground_id null: all
 * grounds). A class culled with no target has target and left null; `Unknown` is a cull whose sex was not known.
 */
export const PlanProgressRow = z.object({
  ground_id: z.string().nullable(),
  species: z.string(),
  class: z.enum([...PLAN_CLASSES, 'Unknown']),
  target: z.number().int().min(0).nullable(),
  actual: z.number().int().min(0),
  left: z.number().int().min(0).nullable(),
  exceeded: z.boolean(),
});
export type PlanProgressRow = z.infer<typeof PlanProgressRow>;

/**
 * One member's line of a team's plan progress ("Ann 2 of 3 roe does"): their share where they have one (target
 * null without), against what they culled on the team's grounds. `uid` null is a member who has since erased
 * their account, named "Former member".
 */
export const PlanMemberProgressRow = z.object({
  uid: z.string().nullable(),
  name: z.string(),
  ground_id: z.string().nullable(),
  species: z.string(),
  class: z.enum([...PLAN_CLASSES, 'Unknown']),
  target: z.number().int().min(0).nullable(),
  actual: z.number().int().min(0),
});
export type PlanMemberProgressRow = z.infer<typeof PlanMemberProgressRow>;

/** GET /api/plans/:season/progress, kept incrementally so a read costs the same at any number of records. */
export const PlanProgressResponse = z.object({
  season: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(PlanProgressRow),
  /** A team's progress (`?team=`) only: per member, by name. A guest sees only their own. */
  members: z.array(PlanMemberProgressRow).optional(),
  /**
   * The season's culls on each ground that has any, planned or not, for the grounds list to read beside the plan.
   * Always sent; an answer from before it was added reads as none.
   */
  ground_culls: z.array(z.object({ ground_id: z.string(), culls: z.number().int().min(1) })).default([]),
  /** Global position of the last event the projection applied. */
  position: z.number().int().min(0),
});
export type PlanProgressResponse = z.infer<typeof PlanProgressResponse>;

/** Query of GET /api/plans/:season/progress: wait (briefly) until the projection has applied this position. */
export const PlanProgressQuery = z.strictObject({ after: z.coerce.number().int().min(0).optional() });

/** The outing figures of a season. */
export const OutingFigures = z.object({
  outings: z.number().int().min(0),
  blank_outings: z.number().int().min(0),
  hours_out: z.number().min(0),
  /** Hours out per deer culled on outings; null with no deer. */
  hours_per_deer: z.number().min(0).nullable(),
});
export type OutingFigures = z.infer<typeof OutingFigures>;

/** Query of GET /api/reports/season.pdf. Defaults to the season containing today, by the user's season start. */
export const SeasonReportQuery = z.strictObject({ season: SeasonKey.optional() });

/** Query of GET /api/culls/map-points: every filter optional. */
export const MapPointsQuery = z.strictObject({
  season: SeasonKey.optional(),
  species: z.string().trim().max(LIMITS.shortText).optional(),
  sex: z.enum(['Male', 'Female', 'Unknown'], { error: 'Choose Male, Female or Unknown' }).optional(),
  ground_id: GroundId.optional(),
});
export type MapPointsQuery = z.infer<typeof MapPointsQuery>;

/**
 * The event types of grounds, outings, settings and plans, and what each carries. They share the log and the
 * stream with the cull events; a reader that does not follow them passes over them.
 */
export const MANAGEMENT_EVENT_TYPES = {
  groundCreated: 'ground.created.v1',
  groundRenamed: 'ground.renamed.v1',
  groundRedrawn: 'ground.redrawn.v1',
  groundNotesChanged: 'ground.notes_changed.v1',
  groundArchived: 'ground.archived.v1',
  groundRestored: 'ground.restored.v1',
  /**
   * A person's ground was moved into a team: written as the team's (userId `team-<id>`), with the whole ground as it
   * stood, so the team's ground outlives the erasure of the one who made it (their ground.created goes with them).
   */
  groundMoved: 'ground.moved.v1',
  outingStarted: 'outing.started.v1',
  outingEnded: 'outing.ended.v1',
  outingAmended: 'outing.amended.v1',
  outingDeleted: 'outing.deleted.v1',
  /**
   * The people out on an outing, when other than one (at its start) or changed. New types rather than a v2 of
   * outing.started and outing.amended: their published v1 schemas are closed, and a consumer that does not follow
   * effort passes over a type it does not know, as it passes over cull.placed.v1.
   */
  outingHuntersChanged: 'outing.hunters_changed.v1',
  /**
   * The deer seen on an outing, set whole (an empty list: nothing seen), each line with its place when marked. v2:
   * v1's published schema is closed to the place; a v1 event is read as this one (see MANAGEMENT_LEGACY_EVENT_TYPES).
   */
  outingSightingsRecorded: 'outing.sightings_recorded.v2',
  /** A record's ground and outing, set whole (null: none). Written beside cull.recorded/amended when they change. */
  cullPlaced: 'cull.placed.v1',
  settingsChanged: 'settings.changed.v1',
  /**
   * The deer-management values a user set for one of their grounds, saved when a suggested cull worked out with them
   * was accepted; on the settings stream, as they are the user's settings for the ground's next suggestion.
   */
  deerValuesSaved: 'settings.deer_values_saved.v1',
  plansSet: 'plans.set.v1',
} as const;

export const MANAGEMENT_EVENT_DATA = {
  [MANAGEMENT_EVENT_TYPES.groundCreated]: z.strictObject({
    name: z.string(),
    notes: z.string().optional(),
    boundary: GroundBoundary.optional(),
    centre: GroundCentre.optional(),
  }),
  [MANAGEMENT_EVENT_TYPES.groundRenamed]: z.strictObject({ name: z.string() }),
  [MANAGEMENT_EVENT_TYPES.groundRedrawn]: z.strictObject({
    boundary: GroundBoundary.nullable(),
    centre: GroundCentre.nullable(),
  }),
  [MANAGEMENT_EVENT_TYPES.groundNotesChanged]: z.strictObject({ notes: z.string().nullable() }),
  [MANAGEMENT_EVENT_TYPES.groundArchived]: z.strictObject({}),
  [MANAGEMENT_EVENT_TYPES.groundRestored]: z.strictObject({}),
  [MANAGEMENT_EVENT_TYPES.groundMoved]: z.strictObject({
    team_id: z.string().min(1),
    name: z.string(),
    notes: z.string().nullable(),
    boundary: GroundBoundary.nullable(),
    centre: GroundCentre.nullable(),
    /** When the ground was first made. */
    created_at: z.iso.datetime(),
  }),
  [MANAGEMENT_EVENT_TYPES.outingStarted]: z.strictObject({
    ground_id: z.string(),
    started_at: z.iso.datetime({ offset: true }),
    ended_at: z.iso.datetime({ offset: true }).optional(),
    notes: z.string().optional(),
  }),
  [MANAGEMENT_EVENT_TYPES.outingEnded]: z.strictObject({ ended_at: z.iso.datetime({ offset: true }) }),
  [MANAGEMENT_EVENT_TYPES.outingAmended]: z.strictObject({
    changes: z
      .strictObject({
        ground_id: z.string(),
        started_at: z.iso.datetime({ offset: true }),
        ended_at: z.iso.datetime({ offset: true }).nullable(),
        notes: z.string().nullable(),
      })
      .partial(),
  }),
  [MANAGEMENT_EVENT_TYPES.outingDeleted]: z.strictObject({}),
  [MANAGEMENT_EVENT_TYPES.outingHuntersChanged]: z.strictObject({ hunters: z.number().int().min(1) }),
  [MANAGEMENT_EVENT_TYPES.outingSightingsRecorded]: z.strictObject({
    sightings: z.array(OutingSightingLine),
  }),
  [MANAGEMENT_EVENT_TYPES.cullPlaced]: z.strictObject({
    ground_id: z.string().nullable(),
    outing_id: z.string().nullable(),
  }),
  [MANAGEMENT_EVENT_TYPES.settingsChanged]: z.strictObject({ season_start: SeasonStart }),
  [MANAGEMENT_EVENT_TYPES.deerValuesSaved]: z.strictObject({
    ground_id: z.string(),
    species: z.array(
      z.strictObject({
        species: z.string(),
        target_density: z.number().min(0).optional(),
        recruitment: z.number().min(0).max(100).optional(),
        female_share: z.number().min(0).max(100).optional(),
      }),
    ),
    seasons: z.number().int().min(1).optional(),
  }),
  [MANAGEMENT_EVENT_TYPES.plansSet]: z.strictObject({ season: z.string(), plans: z.array(Plan) }),
} as const;

/** Management types earlier code wrote: the log keeps them for ever, and they are upcast whenever they are read. */
export const MANAGEMENT_LEGACY_EVENT_TYPES = {
  /** The deer seen on an outing, without places: valid data of outing.sightings_recorded.v2 under its new name. */
  outingSightingsRecordedV1: 'outing.sightings_recorded.v1',
} as const;

export const MANAGEMENT_LEGACY_EVENT_DATA = {
  [MANAGEMENT_LEGACY_EVENT_TYPES.outingSightingsRecordedV1]: z.strictObject({
    sightings: z.array(SightingLine),
  }),
} as const;
