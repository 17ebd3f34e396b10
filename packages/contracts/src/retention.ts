import { z } from 'zod';

export { INACTIVITY_NOTICE_DAYS, RECORD_RETENTION_YEARS, UNUSED_ACCOUNT_YEARS } from './retention-words';

/** The most record ids one retention call names: the records service removes at most this many a call. */
const MOST_RECORD_IDS = 100_000;

/**
 * `POST /account/retention` of the records service, asked by the gateway's daily job with the user's signed identity:
 * remove the user's records whose cull date and whose first entry into Cull Log are both before `cutoff` (now minus
 * `RECORD_RETENTION_YEARS`), with their photos.
 */
export const RecordRetentionRequest = z.strictObject({
  cutoff: z.iso.datetime({ error: 'cutoff must be an ISO date-time' }),
});
export type RecordRetentionRequest = z.infer<typeof RecordRetentionRequest>;

/** What the records service removed: the ids of those records (none when nothing was old enough). */
export const RecordRetentionResponse = z.object({
  record_ids: z.array(z.string().min(1)).max(MOST_RECORD_IDS),
});
export type RecordRetentionResponse = z.infer<typeof RecordRetentionResponse>;

/**
 * `POST /account/retention` of the stats and exports services: forget what they keep of these records of the user (the
 * records service removed them), larder and declaration entries included.
 */
export const ProjectionRetentionRequest = z.strictObject({
  record_ids: z.array(z.string().min(1)).max(MOST_RECORD_IDS),
});
export type ProjectionRetentionRequest = z.infer<typeof ProjectionRetentionRequest>;

/** How many of the records the service still kept something of. */
export const ProjectionRetentionResponse = z.object({ removed: z.number().int().nonnegative() });
export type ProjectionRetentionResponse = z.infer<typeof ProjectionRetentionResponse>;

/**
 * `POST /retention/teams` of the records service, asked once a run by the gateway's daily job (with the same cutoff as
 * RecordRetentionRequest): every team stops keeping the culls of erased members culled and kept before the cutoff.
 * Answers how many kept culls went.
 */
export const TeamRetentionResponse = z.object({ kept_culls_removed: z.number().int().nonnegative() });
export type TeamRetentionResponse = z.infer<typeof TeamRetentionResponse>;
