import { z } from 'zod';

/** The records service's `POST /account/retention`: remove the caller's records older than the cutoff. */
export const RecordRetentionRequest = z.object({ cutoff: z.iso.datetime() });

/** The ids of the records removed. */
export const RecordRetentionResponse = z.object({
  record_ids: z.array(z.string().min(1)).max(100_000),
});

/** A projection's `POST /account/retention`: forget what it keeps of these records of the caller's. */
export const ProjectionRetentionRequest = z.object({
  record_ids: z.array(z.string().min(1)).max(100_000),
});

/** How many of the records the projection still kept something of. */
export const ProjectionRetentionResponse = z.object({ removed: z.number().int().nonnegative() });
