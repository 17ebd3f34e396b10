import type { MapPointsQuery, Outing } from '@cull-log/contracts';
import { formatDateUk, londonDate } from '@cull-log/domain';

/** A line of deer seen with its place marked, as the map draws it. */
export interface SightingMark {
  key: string;
  latitude: number;
  longitude: number;
  /** "Roe Deer, Female, Adult: 2 seen on 03/11/2026". */
  label: string;
}

const sexWords = (sex: string) => (sex === 'Unknown' ? 'sex unknown' : sex);
const ageWords = (age: string) => (age === 'Unknown' ? 'age unknown' : age);

/**
 * The marked places of the outings' deer seen, each line with its species, sex, age class, count and the outing's day
 * (in the UK), taken through the map's species, sex and ground filters.
 */
export function sightingMarks(outings: readonly Outing[], filters: MapPointsQuery = {}): SightingMark[] {
  return outings.flatMap((outing) => {
    if (filters.ground_id !== undefined && outing.ground_id !== filters.ground_id) return [];
    const day = formatDateUk(londonDate(new Date(outing.started_at)));
    return (outing.sightings ?? []).flatMap((line) => {
      if (line.place === undefined || line.count === 0) return [];
      if (filters.species !== undefined && line.species !== filters.species) return [];
      if (filters.sex !== undefined && line.sex !== filters.sex) return [];
      return [
        {
          key: `${outing.id}|${line.species}|${line.sex}|${line.age_class}`,
          latitude: line.place.latitude,
          longitude: line.place.longitude,
          label: `${line.species}, ${sexWords(line.sex)}, ${ageWords(line.age_class)}: ${line.count} seen on ${day}`,
        },
      ];
    });
  });
}
