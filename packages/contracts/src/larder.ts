import { z } from 'zod';
import { AGE_ESTIMATES, CARCASS_DESTINATIONS, SEXES } from './enums';
import { CulledBy, CullInspection, CullWarning } from './cull';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { SEASON_LABEL_PATTERN, yearsFollowOn } from './list-query-check';
import { isUnsafeText } from './validation';

const SEASON_MESSAGE = 'Season must be a stalking season such as 2026/27';

/** A stalking season's label, `2026/27`: a year and the last two digits of the next. */
export const SeasonLabel = z
  .string({ error: SEASON_MESSAGE })
  .regex(SEASON_LABEL_PATTERN, { error: SEASON_MESSAGE })
  .refine(yearsFollowOn, { error: SEASON_MESSAGE });

/** Query of GET /api/larder and /api/larder.csv. */
export const LarderQuery = z.strictObject({
  /** Defaults to the season containing today (Europe/London). */
  season: SeasonLabel.optional(),
  destination: z.enum(CARCASS_DESTINATIONS, { error: 'Destination must be one from the list' }).optional(),
  /** Wait (briefly) until the projection has applied the event at this global position. */
  after: z.coerce.number().int().min(0).optional(),
});
export type LarderQuery = z.infer<typeof LarderQuery>;

/** Query of GET and POST /api/culls/:id/declaration.pdf: wait (briefly) until the projection has applied this global position. */
export const AfterQuery = z.strictObject({ after: z.coerce.number().int().min(0).optional() });
export type AfterQuery = z.infer<typeof AfterQuery>;

/** One carcass in the larder book. */
export const LarderEntry = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string(),
  location_name: z.string(),
  grid_ref: z.string().optional(),
  species: z.string(),
  sex: z.enum(SEXES),
  age_estimate: z.enum(AGE_ESTIMATES),
  weight: z.number().optional(),
  carcass_tag: z.string().optional(),
  carcass_destination: z.enum(CARCASS_DESTINATIONS).optional(),
  game_dealer: z.string().optional(),
  inspection: CullInspection.optional(),
  /** "Passed: no abnormalities", what was found, or "Not examined". */
  inspection_result: z.string(),
  /** Why no declaration can be made for this carcass; absent when one can. */
  declaration_refused: z.string().optional(),
  /** In a team's larder book (`?team=`): who culled it. */
  culled_by: CulledBy.optional(),
  /** The legal warnings the record bears (close season, night, rifle); absent when it bears none. */
  warnings: z.array(CullWarning).optional(),
});
export type LarderEntry = z.infer<typeof LarderEntry>;

export const LarderSeason = z.object({ label: z.string(), from: z.string(), to: z.string() });

/** GET /api/larder: the season's carcasses in the order they were killed, and the seasons that have any. */
export const LarderResponse = z.object({
  season: LarderSeason,
  /** Every season the user has a carcass in, newest first, with how many. */
  seasons: z.array(z.object({ label: z.string(), carcasses: z.number().int().min(0) })),
  items: z.array(LarderEntry),
  /** Global position of the last event the projection applied. */
  position: z.number().int().min(0),
});
export type LarderResponse = z.infer<typeof LarderResponse>;

/** The most carcasses one consignment declaration may list. */
export const DECLARATION_CARCASSES_MAX = 100;

/** POST /api/declarations: one declaration for several carcasses going to the same game dealer. */
export const DeclarationRequest = z.strictObject({
  record_ids: z
    .array(z.uuid({ error: 'Each record id must be the id of one of your records' }), {
      error: 'Choose the carcasses to declare',
    })
    .min(1, { error: 'Choose at least one carcass to declare' })
    .max(DECLARATION_CARCASSES_MAX, {
      error: `A declaration may list at most ${DECLARATION_CARCASSES_MAX} carcasses`,
    })
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      error: 'Each carcass may be listed once',
    }),
  dealer: z
    .string({ error: 'Name the game dealer the carcasses go to' })
    .trim()
    .min(1, { error: 'Name the game dealer the carcasses go to' })
    .max(LIMITS.gameDealer, { error: `Must be at most ${LIMITS.gameDealer} characters` })
    // Printed on the declaration and kept on every record it lists: held to the same rule as any typed text.
    .refine((dealer) => !isUnsafeText(dealer), { error: MESSAGES.unsafeText }),
  /** Wait (briefly) until the projection has applied the event at this global position. */
  after: z.number().int().min(0).optional(),
});
export type DeclarationRequest = z.infer<typeof DeclarationRequest>;

/**
 * POST /api/culls/declared-dealer, after a declaration: the dealer it named, kept on the records it listed that name
 * none (with "Game dealer" as the destination of one that has none); a dealer or destination already given stays.
 */
export const DeclaredDealerRequest = DeclarationRequest.pick({ record_ids: true, dealer: true });
export type DeclaredDealerRequest = z.infer<typeof DeclaredDealerRequest>;

/** What POST /api/culls/declared-dealer changed: the ids of the records that now name the dealer. */
export const DeclaredDealerResponse = z.object({ kept: z.array(z.string()) });
export type DeclaredDealerResponse = z.infer<typeof DeclaredDealerResponse>;

/** Response header naming a declaration's number beside its PDF. */
export const DECLARATION_NUMBER_HEADER = 'x-declaration-number';
