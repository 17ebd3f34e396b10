/**
 * Ordnance Survey National Grid references, both ways. Latitude and longitude (WGS84, as a phone reports them)
 * stay the source of truth; a reference is shown and accepted. The Helmert transformation between WGS84 and
 * OSGB36 that `geodesy` applies is good to about 5 m, inside an 8-figure square.
 */
import { GRID_REFERENCE_MESSAGES } from '@cull-log/contracts';
import LatLonEllipsoidal from 'geodesy/latlon-ellipsoidal-datum.js';
import OsGridRef, { LatLon as OsLatLon } from 'geodesy/osgridref.js';

export type GridReferenceParse =
  | {
      ok: true;
      /** The reference as written on a map: letters, a space, easting figures, a space, northing figures. */
      reference: string;
      /** Metres from the grid's false origin to the south-west corner of the named square. */
      easting: number;
      northing: number;
      /** WGS84 coordinates of the centre of the named square, where a pin for it belongs. */
      latitude: number;
      longitude: number;
    }
  | { ok: false; message: string };

/** The grid is 700 km east by 1,300 km north of its false origin. */
const GRID_EASTING_MAX = 700_000;
const GRID_NORTHING_MAX = 1_300_000;

/** Two letters, then the figures either run together or split in two by a space. */
const SHAPE = /^([A-Z]{2})\s*(\d+)(?:\s+(\d+))?$/;
/** The 500 km squares of the grid are H, J, N, O, S and T; no letter I is used in either place. */
const SQUARE_LETTERS = /^[HJNOST][A-HJ-Z]$/;

/**
 * Metres east and north of the false origin to the south-west corner of a 100 km square. Letters name a 5 × 5
 * block of squares, lettered A–Z without I from the north-west, rows running east: the first letter picks a
 * 500 km block counted from SV at the origin, the second a 100 km square within it.
 */
function squareOrigin(letters: string): { easting: number; northing: number } {
  const index = (letter: string) => {
    const position = letter.charCodeAt(0) - 'A'.charCodeAt(0);
    return position > 7 ? position - 1 : position;
  };
  const block = index(letters[0]!);
  const square = index(letters[1]!);
  const column = ((block % 5) - 2) * 5 + (square % 5);
  const row = 19 - Math.floor(block / 5) * 5 - Math.floor(square / 5);
  return { easting: column * 100_000, northing: row * 100_000 };
}

/** Reads a typed reference ('SK 123 456', 'sk12345678', 'TG 51409 13177'); 4, 6, 8 or 10 figures. */
export function parseGridReference(text: string): GridReferenceParse {
  const match = SHAPE.exec(text.trim().toUpperCase());
  if (match === null) return { ok: false, message: GRID_REFERENCE_MESSAGES.format };
  const [, letters, first, second] = match as unknown as [string, string, string, string | undefined];
  if (!SQUARE_LETTERS.test(letters)) return { ok: false, message: GRID_REFERENCE_MESSAGES.squareLetters };
  const figures = second === undefined ? first.length : first.length + second.length;
  if (figures % 2 !== 0 || (second !== undefined && first.length !== second.length)) {
    return { ok: false, message: GRID_REFERENCE_MESSAGES.unevenFigures };
  }
  if (figures < 4 || figures > 10) return { ok: false, message: GRID_REFERENCE_MESSAGES.format };

  const half = figures / 2;
  const eastingFigures = second === undefined ? first.slice(0, half) : first;
  const northingFigures = second === undefined ? first.slice(half) : second;
  const square = squareOrigin(letters);
  const corner = {
    easting: square.easting + Number(eastingFigures.padEnd(5, '0')),
    northing: square.northing + Number(northingFigures.padEnd(5, '0')),
  };
  if (corner.easting >= GRID_EASTING_MAX || corner.northing >= GRID_NORTHING_MAX) {
    return { ok: false, message: GRID_REFERENCE_MESSAGES.outsideGrid };
  }
  const squareMetres = 10 ** (5 - half);
  const centre = new OsGridRef(corner.easting + squareMetres / 2, corner.northing + squareMetres / 2);
  const { lat, lon } = centre.toLatLon();
  return {
    ok: true,
    reference: `${letters} ${eastingFigures} ${northingFigures}`,
    easting: corner.easting,
    northing: corner.northing,
    latitude: round(lat, 6),
    longitude: round(lon, 6),
  };
}

/**
 * The reference of the square holding a WGS84 point, figures truncated as the convention is (8 figures: the
 * 10 m square); undefined where the point is off the National Grid.
 */
export function gridReferenceFor(
  latitude: number,
  longitude: number,
  digits: 6 | 8 | 10 = 8,
): string | undefined {
  const grid = gridPointFor(latitude, longitude, 'WGS84');
  return grid === undefined ? undefined : grid.toString(digits);
}

/** Easting and northing (metres) of a point given in WGS84 or in OSGB36; undefined off the grid. */
export function gridPointFor(
  latitude: number,
  longitude: number,
  datum: 'WGS84' | 'OSGB36',
): OsGridRef | undefined {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  try {
    const point = new OsLatLon(latitude, longitude, 0, LatLonEllipsoidal.datums[datum]);
    const grid = point.toOsGrid();
    const onGrid =
      grid.easting >= 0 &&
      grid.easting < GRID_EASTING_MAX &&
      grid.northing >= 0 &&
      grid.northing < GRID_NORTHING_MAX;
    return onGrid ? grid : undefined;
  } catch {
    // geodesy refuses points whose easting or northing falls off the grid.
    return undefined;
  }
}

function round(value: number, places: number): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}
