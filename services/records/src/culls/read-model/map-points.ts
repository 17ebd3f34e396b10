import { MAP_POINTS_LIMIT, MapCullFields, type MapPointsResponse } from '@cull-log/contracts';

/** The map's filters, each optional: a season's dates (inclusive), a species (any case), a sex, a ground. */
export interface MapPointsFilter {
  from?: string;
  to?: string;
  species?: string;
  sex?: string;
  groundId?: string;
}

/** Whether a filter lets through only some records. */
export function filtersSome(filter: MapPointsFilter | undefined): filter is MapPointsFilter {
  return filter !== undefined && Object.values(filter).some((value) => value !== undefined);
}

/** The fields a map marker and its popup need besides the id, as the contract names them. */
export const MAP_CULL_FIELDS = Object.keys(MapCullFields.shape).filter((field) => field !== 'id') as Exclude<
  keyof MapCullFields,
  'id'
>[];

/** Packs located rows, newest first, into the map's answer: each species named once, points index into it. */
export function toMapPoints(
  rows: Iterable<readonly [latitude: number, longitude: number, species: string]>,
): MapPointsResponse {
  const species: string[] = [];
  const speciesIndex = new Map<string, number>();
  const points: MapPointsResponse['points'] = [];
  for (const [latitude, longitude, name] of rows) {
    if (points.length === MAP_POINTS_LIMIT) return { species, points, truncated: true };
    let index = speciesIndex.get(name);
    if (index === undefined) {
      index = species.push(name) - 1;
      speciesIndex.set(name, index);
    }
    points.push([latitude, longitude, index]);
  }
  return { species, points, truncated: false };
}
