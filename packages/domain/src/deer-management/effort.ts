/** What the effort figures need of one ended outing. */
export interface OutingEffort {
  /** Hours out: from its start to its end. */
  hours: number;
  /** People out together. */
  hunters: number;
  /** Deer seen; null where the outing's sightings were not recorded (an outing from before sightings, say). */
  seen: number | null;
  /** Deer culled on the outing. */
  culled: number;
}

export interface EffortFigures {
  outings: number;
  /** Hours out times the people out, over every outing. */
  hunterHours: number;
  /** Deer seen, over the outings whose sightings were recorded. */
  seen: number;
  /** Hunter-hours of the outings whose sightings were recorded: what sightings per hunter-hour divides by. */
  hunterHoursWithSightings: number;
  culled: number;
  /** Deer seen per hunter-hour; null with no outing whose sightings were recorded. */
  sightingsPerHunterHour: number | null;
  /** Hunter-hours per deer culled; null with no deer culled. */
  hoursPerDeer: number | null;
}

/** An outing's hours from its start to its end (ISO instants); null while it is under way. */
export function outingHours(startedAt: string, endedAt: string | null): number | null {
  if (endedAt === null) return null;
  return Math.max(0, Date.parse(endedAt) - Date.parse(startedAt)) / 3_600_000;
}

/**
 * Effort over outings, as The Deer Initiative reads it beside the counts: sightings per hunter-hour, and hunter-hours
 * per deer culled. Counting people out as well as hours makes a party of three comparable with one stalker alone;
 * a blank outing counts its hours and no deer. Sightings per hunter-hour counts only the outings whose sightings
 * were recorded, so outings from before sightings neither add deer nor dilute the rate.
 */
export function effortFigures(outings: Iterable<OutingEffort>): EffortFigures {
  let count = 0;
  let hunterHours = 0;
  let seen = 0;
  let hunterHoursWithSightings = 0;
  let culled = 0;
  for (const outing of outings) {
    const outingHunterHours = outing.hours * outing.hunters;
    count += 1;
    hunterHours += outingHunterHours;
    culled += outing.culled;
    if (outing.seen !== null) {
      seen += outing.seen;
      hunterHoursWithSightings += outingHunterHours;
    }
  }
  return {
    outings: count,
    hunterHours,
    seen,
    hunterHoursWithSightings,
    culled,
    sightingsPerHunterHour: hunterHoursWithSightings > 0 ? seen / hunterHoursWithSightings : null,
    hoursPerDeer: culled > 0 ? hunterHours / culled : null,
  };
}
