import { formatNumber } from '@cull-log/domain';
import type { MapPoint } from '@cull-log/contracts';

/** Metres in a degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;

export interface HeatCell {
  /** South, west, north, east edges in degrees. */
  south: number;
  west: number;
  north: number;
  east: number;
  count: number;
}

/**
 * The points counted in square cells of `sizeMetres` a side: rows of equal height in latitude, and in each row
 * columns as wide in longitude as `sizeMetres` is at that row's middle, so every cell covers the same area on the
 * ground (a heatmap that does not swell toward the north). Busiest first.
 */
export function heatGrid(points: readonly MapPoint[], sizeMetres: number): HeatCell[] {
  const height = sizeMetres / METRES_PER_DEGREE;
  const cells = new Map<string, HeatCell>();
  for (const [latitude, longitude] of points) {
    const row = Math.floor(latitude / height);
    const middle = ((row + 0.5) * height * Math.PI) / 180;
    const width = sizeMetres / (METRES_PER_DEGREE * Math.max(Math.cos(middle), 1e-6));
    const column = Math.floor(longitude / width);
    const key = `${row}:${column}`;
    const cell = cells.get(key);
    if (cell) cell.count += 1;
    else
      cells.set(key, {
        south: row * height,
        north: (row + 1) * height,
        west: column * width,
        east: (column + 1) * width,
        count: 1,
      });
  }
  return [...cells.values()].sort((a, b) => b.count - a.count);
}

/** A cell size that draws about 40 px squares at this zoom (Web Mercator, at this latitude), in round metres. */
export function cellSizeFor(zoom: number, latitude: number): number {
  const metresPerPixel = (156_543.03 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;
  const wanted = metresPerPixel * 40;
  const steps = [50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000, 100_000];
  return steps.find((step) => step >= wanted) ?? 100_000;
}

/** "500 m" or "2.5 km": a cell's side in words. */
export function cellSizeWords(sizeMetres: number): string {
  return sizeMetres < 1000 ? `${sizeMetres} m` : `${formatNumber(sizeMetres / 1000)} km`;
}
