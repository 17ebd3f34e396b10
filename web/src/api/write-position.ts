/**
 * The highest event position our own writes have reached. Projections (the dashboard) are asked for
 * figures at least this fresh, so a user sees their new record counted straight after saving it.
 */
let latestPosition = 0;

export function noteWritePosition(header: string | null): void {
  if (header === null) return;
  const position = Number.parseInt(header, 10);
  if (Number.isSafeInteger(position) && position > latestPosition) latestPosition = position;
}

export function latestWritePosition(): number {
  return latestPosition;
}
