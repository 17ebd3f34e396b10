import { z } from 'zod';

/** A point's latitude as a record takes it, in degrees. */
export const CoordinateLatitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, { error: 'Latitude must be between -90 and 90' })
  .max(90, { error: 'Latitude must be between -90 and 90' });

/** A point's longitude as a record takes it, in degrees. */
export const CoordinateLongitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, { error: 'Longitude must be between -180 and 180' })
  .max(180, { error: 'Longitude must be between -180 and 180' });
