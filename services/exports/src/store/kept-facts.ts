import type { CsvFields } from './export-store';

/** How a team's larder book and CSV name the shooter of a carcass whose shooter erased their account. */
export const FORMER_MEMBER = 'Former member';

/**
 * The facts a team keeps of a cull on its ground when its shooter erases their account: what was culled, when,
 * its carcass and its examination. Their notes, exact place (coordinates, grid reference, their words for the
 * place), their rifle and load and the weather of their outing leave with them.
 */
const KEPT_FIELDS = [
  'date',
  'time',
  'species',
  'sex',
  'age_estimate',
  'weight',
  'condition',
  'antlers_present',
  'antler_points',
  'antler_condition',
  'carcass_tag',
  'carcass_destination',
  'game_dealer',
  'inspection',
] as const satisfies readonly (keyof CsvFields)[];

/**
 * A cull's fields as its team keeps them after its shooter's erasure: the kept facts, placed by the ground's name.
 * When they examined the carcass themselves (the examiner is one of their names), the examination is kept as done
 * by "Former member", without their certificate's number.
 */
export function keptFacts(fields: CsvFields, groundName: string, shooterNames: readonly string[]): CsvFields {
  const kept: Record<string, unknown> = { location_name: groundName };
  for (const field of KEPT_FIELDS) if (fields[field] !== undefined) kept[field] = fields[field];
  const inspection = fields.inspection;
  if (inspection !== undefined && namesAny(inspection.examined_by, shooterNames)) {
    const { certificate_number: _certificate, ...examination } = inspection;
    kept.inspection = { ...examination, examined_by: FORMER_MEMBER };
  }
  return kept as CsvFields;
}

const simplified = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

function namesAny(examiner: string, names: readonly string[]): boolean {
  const text = simplified(examiner);
  return names.some((name) => simplified(name) !== '' && text.includes(simplified(name)));
}
