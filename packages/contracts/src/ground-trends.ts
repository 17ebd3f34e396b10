import { z } from 'zod';

/** Which way a figure points over the seasons; `too_few` with figures from fewer than two seasons. */
export const TREND_DIRECTIONS = ['rising', 'falling', 'steady', 'too_few'] as const;
export const TrendDirection = z.enum(TREND_DIRECTIONS);
export type TrendDirection = z.infer<typeof TrendDirection>;

/** What effort says of the deer: fewer, more, or no clear sign. */
export const EFFORT_SIGNALS = ['fewer_deer', 'more_deer', 'unclear'] as const;
export const EffortSignal = z.enum(EFFORT_SIGNALS);
export type EffortSignal = z.infer<typeof EffortSignal>;

/** At most this many seasons, the latest, are shown: the current one and those before it. */
export const TREND_SEASONS_MAX = 10;

/** One figure's trend: its direction, the fitted change a season (% of the seasons' mean) and a sentence. */
export const FigureTrend = z.object({
  direction: TrendDirection,
  /** Null with figures from fewer than two seasons. */
  change_per_season_percent: z.number().nullable(),
  sentence: z.string(),
});
export type FigureTrend = z.infer<typeof FigureTrend>;

/** The deer of a species culled on the ground in a season, by sex. */
export const CullBySex = z.object({
  Male: z.number().int().min(0),
  Female: z.number().int().min(0),
  Unknown: z.number().int().min(0),
});
export type CullBySex = z.infer<typeof CullBySex>;

/** One season's figures of a species on a ground; null where the season has none. */
export const TrendSeasonPoint = z.object({
  /** The season as shown, `2025/26`, by the user's season start. */
  season: z.string(),
  /** Deer of the species by the season's latest count naming it (a dung count's worked out over the area). */
  count: z.number().int().min(0).nullable(),
  /** That count over the ground's area (a dung count's own density); null without a count, or without a boundary. */
  density_per_km2: z.number().min(0).nullable(),
  /** Deer of the species seen per hunter-hour on the season's ended outings whose sightings were recorded. */
  sightings_per_hunter_hour: z.number().min(0).nullable(),
  /** Hunter-hours of the season's ended outings per deer of the species culled on them; null with none culled. */
  hours_per_deer: z.number().min(0).nullable(),
  /** Every record of the species on the ground in the season, on an outing or not. */
  cull: CullBySex,
});
export type TrendSeasonPoint = z.infer<typeof TrendSeasonPoint>;

/** A species' seasons on a ground, which way each figure points, what effort says, and one sentence for all. */
export const SpeciesTrends = z.object({
  species: z.string(),
  /** One point for each of the answer's seasons, oldest first. */
  points: z.array(TrendSeasonPoint),
  trends: z.object({
    count: FigureTrend,
    density: FigureTrend,
    sightings_per_hunter_hour: FigureTrend,
    hours_per_deer: FigureTrend,
  }),
  effort: z.object({ signal: EffortSignal, sentence: z.string() }),
  /** Which way it points: the density's trend (the count's without a boundary), and effort where it is clear. */
  sentence: z.string(),
});
export type SpeciesTrends = z.infer<typeof SpeciesTrends>;

/**
 * GET /api/grounds/:id/trends: each species counted, seen or culled on one of the caller's grounds, season by
 * season (by the caller's season start) from the first with anything recorded to the current one, at most
 * TREND_SEASONS_MAX of them. `area_km2` is null for a ground with no boundary, and the densities with it.
 */
export const GroundTrendsResponse = z.object({
  ground_id: z.string(),
  area_km2: z.number().positive().nullable(),
  /** The seasons, oldest first: `["2024/25", "2025/26"]`; none when nothing is recorded on the ground. */
  seasons: z.array(z.string()),
  species: z.array(SpeciesTrends),
});
export type GroundTrendsResponse = z.infer<typeof GroundTrendsResponse>;
