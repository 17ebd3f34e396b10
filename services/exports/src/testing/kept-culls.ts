import type { CullRecorded, StoredLogEvent } from '@cull-log/contracts';
import { keptCullOf } from '@cull-log/domain';
import type { createSampleEventLog } from '@cull-log/eventstore/testing';

/** A cull of a member on one of the team's grounds, as the team keeps it when the member erases their account. */
export interface KeptSource {
  recorded: StoredLogEvent & CullRecorded;
  groundId: string;
  groundName: string;
}

/** The team's own id for the copy it keeps of a record (the records service derives one; any stable id will do). */
export const keptIdOf = (recordId: string) => `kept-${recordId}`;

/**
 * team.culls_kept.v1 as the records service writes it when a member erases their account: the facts of their culls on
 * the team's grounds, from the culls as they were recorded, under the team's own ids.
 */
export function teamKeeps(
  log: ReturnType<typeof createSampleEventLog>,
  teamId: string,
  memberId: string,
  sources: readonly KeptSource[],
) {
  const culls = sources.map(({ recorded, groundId, groundName }) => {
    const record = {
      ...recorded.data,
      id: recorded.streamId,
      created_by: recorded.userId,
      created_at: recorded.occurredAt,
      updated_at: recorded.occurredAt,
      version: 1,
      ground_id: groundId,
    };
    const kept = keptCullOf(record, keptIdOf(recorded.streamId), groundName);
    if (kept === undefined) throw new Error(`${recorded.streamId} is on no ground`);
    return kept;
  });
  return log.cullsKept(teamId, memberId, culls);
}
