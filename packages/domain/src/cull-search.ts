import type { CullFields } from '@cull-log/contracts';
import { formatDateUk } from './london-calendar';

/**
 * The lower-cased text of every Cull Data column, for a store to index: the date both as shown
 * (dd/MM/yyyy) and as stored, weight, Yes/No for antlers. Columns sit on separate lines so a search
 * never matches across two of them unless it holds the line break itself.
 */
export function cullSearchText(cull: CullFields): string {
  const columns = [
    formatDateUk(cull.date),
    cull.date,
    cull.time,
    cull.location_name,
    cull.species,
    cull.sex,
    cull.age_estimate,
    cull.weight === undefined ? '' : String(cull.weight),
    cull.condition,
    cull.antlers_present ? 'Yes' : 'No',
    cull.shot_placement,
    cull.shot_distance ?? '',
  ];
  return columns
    .filter((column) => column !== '')
    .join('\n')
    .toLowerCase();
}

/** The search box's text as it is matched against cullSearchText. */
export function normaliseSearch(query: string): string {
  return query.trim().toLowerCase();
}
