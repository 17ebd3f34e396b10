import { MANAGEMENT_LIMITS, type GroundBoundary } from '@cull-log/contracts';
import { formatNumber } from './numbers';

/**
 * How big a ground's boundary is: its area in hectares and its span (the distance between its two furthest corners),
 * on a sphere of the Earth's mean radius. At the size of a ground that is within half a percent of the ellipsoid.
 */

/** The Earth's mean radius (IUGG), in metres. */
const EARTH_RADIUS_METRES = 6_371_008.8;
const SQUARE_METRES_PER_HECTARE = 10_000;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The ring's corners, the closing repeat of the first left off. */
function cornersOf(boundary: GroundBoundary): Array<readonly [longitude: number, latitude: number]> {
  const [ring = []] = boundary.coordinates;
  return ring.slice(0, -1);
}

/**
 * The area inside a boundary, in hectares: the spherical polygon's area by the formula of Chamberlain and Duquette
 * ("Some algorithms for polygons on a sphere", JPL 2007), whichever way round its corners run.
 */
export function groundAreaHectares(boundary: GroundBoundary): number {
  const corners = cornersOf(boundary);
  if (corners.length < 3) return 0;
  let sum = 0;
  for (let i = 0; i < corners.length; i++) {
    const [previousLongitude] = corners[(i + corners.length - 1) % corners.length]!;
    const [nextLongitude] = corners[(i + 1) % corners.length]!;
    const [, latitude] = corners[i]!;
    sum += radians(nextLongitude - previousLongitude) * Math.sin(radians(latitude));
  }
  return Math.abs((sum * EARTH_RADIUS_METRES ** 2) / 2) / SQUARE_METRES_PER_HECTARE;
}

/** The great-circle distance between two points given [longitude, latitude] (haversine), in metres. */
export function distanceMetres(
  [longitudeA, latitudeA]: readonly [number, number],
  [longitudeB, latitudeB]: readonly [number, number],
): number {
  const halfChord =
    Math.sin(radians(latitudeB - latitudeA) / 2) ** 2 +
    Math.cos(radians(latitudeA)) *
      Math.cos(radians(latitudeB)) *
      Math.sin(radians(longitudeB - longitudeA) / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(halfChord)));
}

/** How far a boundary runs across: the distance between its two furthest corners, in metres. */
export function groundSpanMetres(boundary: GroundBoundary): number {
  const corners = cornersOf(boundary);
  let span = 0;
  for (let i = 0; i < corners.length; i++)
    for (let j = i + 1; j < corners.length; j++)
      span = Math.max(span, distanceMetres(corners[i]!, corners[j]!));
  return span;
}

/**
 * Why a boundary is too big to be a ground (see MANAGEMENT_LIMITS), in words that say by how much; undefined for one
 * of a ground's size.
 */
export function boundarySizeRefusal(boundary: GroundBoundary): string | undefined {
  const spanKm = groundSpanMetres(boundary) / 1000;
  if (spanKm > MANAGEMENT_LIMITS.boundarySpanMaxKm)
    return `A ground is at most ${MANAGEMENT_LIMITS.boundarySpanMaxKm} km across, and this boundary is ${formatNumber(spanKm, 0)} km across. Check its corners.`;
  const hectares = groundAreaHectares(boundary);
  if (hectares > MANAGEMENT_LIMITS.boundaryAreaMaxHectares)
    return `A ground is at most ${formatNumber(MANAGEMENT_LIMITS.boundaryAreaMaxHectares, 0)} ha, and this boundary holds ${formatNumber(hectares, 0)} ha. Check its corners.`;
  return undefined;
}

/** An area as the grounds screen shows it: "0.42 ha", "12.5 ha", "1,250 ha". */
export function formatHectares(hectares: number): string {
  const digits = hectares < 1 ? 2 : hectares < 100 ? 1 : 0;
  return `${formatNumber(hectares, digits)} ha`;
}
