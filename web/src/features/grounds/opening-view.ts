import { MANAGEMENT_LIMITS, type Ground, type MapPoint } from '@cull-log/contracts';
import { groundSpanMetres } from '@cull-log/domain';
import { cornersOf, type Corner } from '../../lib/geo';

/** Where the drawing map looks: around some corners, or at a point and zoom. */
export type MapView =
  { kind: 'bounds'; corners: Corner[] } | { kind: 'centre'; centre: Corner; zoom: number };

/** Close enough to tap a field's corners; a record's place or the phone's. */
export const GROUND_ZOOM = 15;

/** How far apart a set of places lie: the span of the polygon through them, in metres. */
function spreadMetres(corners: readonly Corner[]): number {
  if (corners.length < 2) return 0;
  const ring = corners.map(([latitude, longitude]) => [longitude, latitude] as [number, number]);
  return groundSpanMetres({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] });
}

/**
 * Around a set of places, newest first: all of them where they lie within a ground's span of each other, else the
 * newest alone (a record from a trip to the Highlands would otherwise open the map on the whole country).
 */
function viewAround(places: readonly (readonly Corner[])[]): MapView | undefined {
  const [newest] = places;
  if (newest === undefined) return undefined;
  const all = places.flat();
  const corners = spreadMetres(all) <= MANAGEMENT_LIMITS.boundarySpanMaxKm * 1000 ? all : newest;
  return corners.length === 1
    ? { kind: 'centre', centre: corners[0]!, zoom: GROUND_ZOOM }
    : { kind: 'bounds', corners: [...corners] };
}

/** A ground's corners, or its centre, as places on the map; none for a ground not on it. */
function placesOf(ground: Ground): Corner[] {
  if (ground.boundary) return cornersOf(ground.boundary);
  return ground.centre ? [[ground.centre.latitude, ground.centre.longitude]] : [];
}

/**
 * Where the map opens for a ground not yet drawn: on the user's grounds (the latest changed where they are far
 * apart), else on their records' places (points newest first, as the map's read gives them); undefined with
 * neither, when the phone's position is the next best.
 */
export function openingView(
  grounds: readonly Ground[],
  points: readonly MapPoint[] | undefined,
): MapView | undefined {
  const located = grounds
    .filter((ground) => !ground.archived)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .map(placesOf)
    .filter((places) => places.length > 0);
  return (
    viewAround(located) ??
    viewAround((points ?? []).map(([latitude, longitude]) => [[latitude, longitude] as Corner]))
  );
}
