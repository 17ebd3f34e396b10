import { z } from 'zod';
import { COUNT_METHODS, DEER_MANAGEMENT_LIMITS, DEER_MANAGEMENT_MESSAGES } from './deer-management-words';
import { SPECIES } from './enums';
import { GroundId, SeasonKey } from './grounds';
import { SightingItem, SightingItems, SightingLine } from './sightings';
import { refuseUnsafeText } from './validation';
import { WorkingStep } from './working-step';

/**
 * Counts: deer counted on a ground on a day by a named method, in lines of species, sex and age class; a dung
 * (pellet-group) count gives its plots instead, and its numbers are worked out from them. Owned by one user like a
 * ground, written as events by the records service.
 */

const M = DEER_MANAGEMENT_MESSAGES;
const L = DEER_MANAGEMENT_LIMITS;

export const CountId = z.uuid({ error: 'id must be a UUID' });

/** The day of a count, `2027-03-20`. */
export const CountDate = z.iso.date({ error: M.countDate });

export const CountMethod = z.enum(COUNT_METHODS, { error: M.countMethod });
export type CountMethod = z.infer<typeof CountMethod>;

/** A line of a count: deer of one species, sex and age class (the shape of a sighting). */
export const CountItem = SightingItem;
export type CountItem = z.infer<typeof CountItem>;

const positive = (message: string, max: number) =>
  z.number({ error: message }).gt(0, { error: message }).max(max, { error: message });
const whole = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/**
 * A dung count on cleared plots: how many plots of what area, the pellet groups found on them, the days since they
 * were cleared and the defecation rate (groups a deer a day, for the species and season, from a published source).
 */
export const DungCount = z.strictObject({
  plots: whole(M.dungPlots, 1, L.dungPlotsMax),
  plot_area_m2: positive(M.dungPlotArea, L.dungPlotAreaMaxM2),
  pellet_groups: whole(M.dungPelletGroups, 0, L.dungPelletGroupsMax),
  days_since_clearance: whole(M.dungDays, 1, L.dungDaysMax),
  defecation_rate: positive(M.dungRate, L.dungRateMax),
  species: z.enum(SPECIES, { error: 'Choose a species from the list' }),
});
export type DungCount = z.infer<typeof DungCount>;

const notes = z
  .string()
  .trim()
  .max(L.countNotes, { error: `Must be at most ${L.countNotes} characters` });

/**
 * Body of POST /api/counts. A count by sight lists at least one line (0 where a species was looked for and not
 * seen); a dung count sends `dung` and no lines.
 */
export const RecordCountRequest = z
  .strictObject({
    id: CountId.optional(),
    ground_id: GroundId,
    date: CountDate,
    method: CountMethod,
    items: SightingItems.optional(),
    notes: notes.optional(),
    dung: DungCount.optional(),
  })
  .superRefine(refuseUnsafeText)
  .superRefine((body, context) => {
    const items = body.items ?? [];
    if (body.method === 'dung') {
      if (body.dung === undefined)
        context.addIssue({ code: 'custom', message: M.dungNeeded, path: ['dung'] });
      if (items.length > 0)
        context.addIssue({ code: 'custom', message: M.dungItemsWorkedOut, path: ['items'] });
    } else {
      if (body.dung !== undefined)
        context.addIssue({ code: 'custom', message: M.dungOnlyForDung, path: ['dung'] });
      if (items.length === 0)
        context.addIssue({ code: 'custom', message: M.countItemsNeeded, path: ['items'] });
    }
  });
export type RecordCountRequest = z.infer<typeof RecordCountRequest>;

/**
 * Body of PATCH /api/counts/:id: the fields that change. `items` and `dung` replace the count's whole; `null` clears
 * the notes. Whether method, lines and dung still agree is judged with the count as it is (see the count's rules).
 */
export const AmendCountRequest = z
  .strictObject({
    expected_version: z.number().int().min(1).optional(),
    ground_id: GroundId.optional(),
    date: CountDate.optional(),
    method: CountMethod.optional(),
    items: SightingItems.optional(),
    notes: notes.nullable().optional(),
    dung: DungCount.nullable().optional(),
  })
  .superRefine(refuseUnsafeText)
  .refine((body) => Object.keys(body).some((key) => key !== 'expected_version'), {
    error: 'Send at least one field to change',
  })
  .superRefine((body, context) => {
    if (body.method !== undefined && body.method !== 'dung' && body.dung)
      context.addIssue({ code: 'custom', message: M.dungOnlyForDung, path: ['dung'] });
    if (body.method === 'dung' && body.dung === null)
      context.addIssue({ code: 'custom', message: M.dungNeeded, path: ['dung'] });
    if (body.dung && body.items !== undefined && body.items.length > 0)
      context.addIssue({ code: 'custom', message: M.dungItemsWorkedOut, path: ['items'] });
  });
export type AmendCountRequest = z.infer<typeof AmendCountRequest>;

/** A dung count as read back: what was recorded, and the density worked out from it with its formula and working. */
export const DungCountResult = DungCount.extend({
  deer_per_hectare: z.number().min(0),
  deer_per_km2: z.number().min(0),
  formula: z.string(),
  working: z.array(WorkingStep),
});
export type DungCountResult = z.infer<typeof DungCountResult>;

/**
 * A count as read back. A dung count's `items` are worked out: its density over the ground's area, in whole deer of
 * its species, sex and age Unknown (none while the ground has no boundary).
 */
export const Count = z.object({
  id: z.string(),
  ground_id: z.string(),
  date: z.string(),
  method: CountMethod,
  items: z.array(CountItem),
  notes: z.string().nullable(),
  dung: DungCountResult.nullable(),
  version: z.number().int().min(1),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Count = z.infer<typeof Count>;

/** A ground named in a query (`?ground=`), in the query's own word. */
export const GroundQueryId = z.uuid({ error: 'ground must be the id of one of your grounds (a UUID)' });

/**
 * Query of GET /api/counts: one ground's counts, or every one of the caller's; with `team`, every member's counts on
 * that team's grounds (or on one of them).
 */
export const ListCountsQuery = z.strictObject({
  ground: GroundQueryId.optional(),
  team: z.string({ error: 'team must be given once' }).min(1).optional(),
});
export type ListCountsQuery = z.infer<typeof ListCountsQuery>;

/** Query of GET /api/sightings.csv and GET /api/counts.csv: a season's (by the user's start), a ground's, or all. */
export const DeerManagementCsvQuery = z.strictObject({
  season: SeasonKey.optional(),
  ground: GroundQueryId.optional(),
});
export type DeerManagementCsvQuery = z.infer<typeof DeerManagementCsvQuery>;

/**
 * Who counted, as a team reads its counts: the member's user id and their name in the team ("Former member" and no
 * uid for one no longer linked to it).
 */
export const CountedBy = z.object({ uid: z.string().optional(), name: z.string() });
export type CountedBy = z.infer<typeof CountedBy>;

/** A count in a list: read through a team (`?team=`), with who counted it. */
export const ListedCount = Count.extend({ counted_by: CountedBy.optional() });
export type ListedCount = z.infer<typeof ListedCount>;

/** GET /api/counts: newest count first. */
export const ListCountsResponse = z.object({ items: z.array(ListedCount) });
export type ListCountsResponse = z.infer<typeof ListCountsResponse>;

/** The event types of a count's stream (its id): recorded, amended, deleted. */
export const COUNT_EVENT_TYPES = {
  countRecorded: 'count.recorded.v1',
  countAmended: 'count.amended.v1',
  countDeleted: 'count.deleted.v1',
} as const;

/** A dung count's plots as events carry them: what was recorded, never the density worked out from it. */
const DungCountFacts = z.strictObject({
  plots: z.number().int().min(1),
  plot_area_m2: z.number().gt(0),
  pellet_groups: z.number().int().min(0),
  days_since_clearance: z.number().int().min(1),
  defecation_rate: z.number().gt(0),
  species: z.enum(SPECIES),
});

/** A count's fields as recorded: a dung count with its plots and no lines. */
const CountFacts = z.strictObject({
  ground_id: z.string(),
  date: z.iso.date(),
  method: z.enum(COUNT_METHODS),
  items: z.array(SightingLine),
  notes: z.string().optional(),
  dung: DungCountFacts.optional(),
});

export const COUNT_EVENT_DATA = {
  [COUNT_EVENT_TYPES.countRecorded]: CountFacts,
  /** The fields that changed; null clears the notes, or a dung count's plots when it becomes a count by sight. */
  [COUNT_EVENT_TYPES.countAmended]: z.strictObject({
    changes: z
      .strictObject({
        ground_id: z.string(),
        date: z.iso.date(),
        method: z.enum(COUNT_METHODS),
        items: z.array(SightingLine),
        notes: z.string().nullable(),
        dung: DungCountFacts.nullable(),
      })
      .partial(),
  }),
  [COUNT_EVENT_TYPES.countDeleted]: z.strictObject({}),
} as const;
