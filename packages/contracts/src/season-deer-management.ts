import { z } from 'zod';
import { CountMethod } from './counts';
import { SuggestedCullRow } from './cull-suggestion';
import { SpeciesDensity } from './ground-density';
import { SeasonKey } from './grounds';
import { SightingLine } from './sightings';

/**
 * One season's deer management on each of a user's grounds, as the records service reads it for the season report:
 * the records service keeps the counts, outings and boundaries, the stats service draws the report. The gateway
 * asks the records service for it and hands it to the stats service with the request (never a public answer).
 */

/** A count of the season as the report prints it: its day, method and lines (a dung count's worked out). */
export const SeasonCount = z.object({
  date: z.iso.date(),
  method: CountMethod,
  items: z.array(SightingLine),
  /** A dung count's density, deer per km²; null for a count by sight. */
  dung_deer_per_km2: z.number().min(0).nullable(),
});
export type SeasonCount = z.infer<typeof SeasonCount>;

/** The season's effort on the ground: its ended outings' hours and people out, deer seen and culled. */
export const SeasonEffort = z.object({
  outings: z.number().int().min(0),
  hunter_hours: z.number().min(0),
  seen: z.number().int().min(0),
  culled: z.number().int().min(0),
  /** Deer seen per hunter-hour, over the outings whose sightings were recorded; null with none. */
  sightings_per_hunter_hour: z.number().min(0).nullable(),
  /** Hunter-hours per deer culled; null with none culled. */
  hours_per_deer: z.number().min(0).nullable(),
});
export type SeasonEffort = z.infer<typeof SeasonEffort>;

export const GroundSeasonFigures = z.object({
  ground_id: z.string(),
  name: z.string(),
  /** The ground's area from its drawn boundary; null with none drawn (then no density and no suggestion). */
  area_km2: z.number().positive().nullable(),
  /** The season's counts on the ground, oldest first. */
  counts: z.array(SeasonCount),
  /** Each species' density from the season's latest count naming it. */
  densities: z.array(SpeciesDensity),
  effort: SeasonEffort,
  /** The suggested cull for the season (the defaults, from the latest density by the season's end). */
  suggested: z.array(SuggestedCullRow),
});
export type GroundSeasonFigures = z.infer<typeof GroundSeasonFigures>;

/** The season's figures of every ground with something counted or seen on it in the season. */
export const SeasonDeerManagement = z.object({
  season: SeasonKey,
  grounds: z.array(GroundSeasonFigures),
});
export type SeasonDeerManagement = z.infer<typeof SeasonDeerManagement>;
