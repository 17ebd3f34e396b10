/**
 * Whether to apply an event with this version to a row at `current`: the next version is applied, an earlier one
 * (a redelivery) passed over; a later one means the table and the log disagree, so the append is refused.
 */
export function isNext(streamId: string, current: number, version: number): boolean {
  if (version <= current) return false;
  if (version !== current + 1)
    throw new Error(`Read model has ${streamId} at version ${current}, not ${version - 1}`);
  return true;
}
