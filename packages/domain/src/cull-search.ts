import type { CullFields } from '@cull-log/contracts';
import { formatDateUk } from './london-calendar';

/**
 * The lower-cased text of every Cull Data column and of the carcass's text fields, for a store to index: the date
 * both as shown (dd/MM/yyyy) and as stored, weight, Yes/No for antlers. Columns sit on separate lines so a search
 * never matches across two of them unless it holds the line break itself.
 */
export function cullSearchText(cull: CullFields & { ground_name?: string }): string {
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
    // The carcass's text fields, after the table's columns so a record without them searches as it always did.
    cull.calibre?.name ?? '',
    cull.bullet_type ?? '',
    cull.shooter ?? '',
    cull.carcass_tag ?? '',
    cull.carcass_destination ?? '',
    cull.game_dealer ?? '',
    cull.inspection?.examined_by ?? '',
    cull.inspection?.certificate_number ?? '',
    // The name of the record's ground as it is now (a rename indexes its records again).
    cull.ground_name ?? '',
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
