import { z } from 'zod';
import { CountMethod } from './counts';

/** One species' density on a ground, from its latest count naming the species. */
export const SpeciesDensity = z.object({
  species: z.string(),
  /** Deer of the species on the ground by that count (a dung count's worked out, in whole deer). */
  count: z.number().int().min(0),
  density_per_km2: z.number().min(0),
  method: CountMethod,
  date: z.string(),
});
export type SpeciesDensity = z.infer<typeof SpeciesDensity>;

/**
 * GET /api/grounds/:id/density: the ground's area (geodesic, of its drawn boundary) and each species' density. A
 * ground with no boundary answers 400 on `boundary`, saying to draw it.
 */
export const GroundDensityResponse = z.object({
  area_km2: z.number().positive(),
  species: z.array(SpeciesDensity),
});
export type GroundDensityResponse = z.infer<typeof GroundDensityResponse>;
