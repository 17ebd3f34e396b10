import { z } from 'zod';

export { INACTIVITY_NOTICE_DAYS, RECORD_RETENTION_YEARS, UNUSED_ACCOUNT_YEARS } from './retention-words';

/**
 * `POST /account/retention` of the records service, asked by the gateway's daily job with the user's signed identity:
 * remove the user's records whose cull date and whose first entry into Cull Log are both before `cutoff` (now minus
 * `RECORD_RETENTION_YEARS`), with their photos.
 */
export const RecordsRetentionRequest = z.strictObject({
  cutoff: z.iso.datetime({ error: 'cutoff must be an ISO date-time' }),
});
export type RecordsRetentionRequest = z.infer<typeof RecordsRetentionRequest>;

/** What the records service removed: the ids of those records (none when nothing was old enough). */
export const RecordsRetentionResponse = z.object({ record_ids: z.array(z.string().min(1)) });
export type RecordsRetentionResponse = z.infer<typeof RecordsRetentionResponse>;

/**
 * `POST /account/retention` of the stats and exports services: forget what they keep of these records of the user (the
 * records service removed them), larder and declaration entries included.
 */
export const ProjectionRetentionRequest = z.strictObject({
  record_ids: z.array(z.string().min(1)).min(1, { error: 'record_ids must name at least one record' }),
});
export type ProjectionRetentionRequest = z.infer<typeof ProjectionRetentionRequest>;

/** How many rows of its own the service removed for them. */
export const ProjectionRetentionResponse = z.object({ removed: z.number().int().min(0) });
export type ProjectionRetentionResponse = z.infer<typeof ProjectionRetentionResponse>;
