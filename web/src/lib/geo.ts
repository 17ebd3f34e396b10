import type { Ground, GroundBoundary } from '@cull-log/contracts';

/** A corner as the map gives it: [latitude, longitude]. */
export type Corner = readonly [latitude: number, longitude: number];

/**
 * Whether a point lies inside a boundary (ray casting on longitude and latitude, which at the size of a ground is
 * as good as on the ground itself). A point exactly on an edge may fall either way.
 */
export function isInside(latitude: number, longitude: number, boundary: GroundBoundary): boolean {
  const [ring] = boundary.coordinates;
  if (!ring) return false;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    const crosses = yi > latitude !== yj > latitude;
    if (crosses && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The first of the grounds (not archived) whose boundary holds the point; the smallest wins where they overlap. */
export function groundAt(
  latitude: number,
  longitude: number,
  grounds: readonly Ground[],
): Ground | undefined {
  return grounds
    .filter((ground) => !ground.archived && ground.boundary && isInside(latitude, longitude, ground.boundary))
    .sort((a, b) => area(a.boundary as GroundBoundary) - area(b.boundary as GroundBoundary))[0];
}

/** The ring's area in square degrees (shoelace), only to tell a smaller ground from a larger one. */
function area(boundary: GroundBoundary): number {
  const [ring = []] = boundary.coordinates;
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    sum += xj * yi - xi * yj;
  }
  return Math.abs(sum / 2);
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The corners tapped on the map as a closed GeoJSON boundary; undefined with fewer than three corners. */
export function boundaryOf(corners: readonly Corner[]): GroundBoundary | undefined {
  if (corners.length < 3) return undefined;
  const ring = corners.map(
    ([latitude, longitude]) => [round6(longitude), round6(latitude)] as [number, number],
  );
  const first = ring[0] as [number, number];
  return { type: 'Polygon', coordinates: [[...ring, [first[0], first[1]]]] };
}

/** A boundary's corners as the map takes them, the closing corner left off. */
export function cornersOf(boundary: GroundBoundary | null): Corner[] {
  const [ring = []] = boundary?.coordinates ?? [];
  return ring.slice(0, -1).map(([longitude, latitude]) => [latitude, longitude] as const);
}
