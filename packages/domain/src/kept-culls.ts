import { type Cull, type KeptCull } from '@cull-log/contracts';

/** How a team names whoever culled a record once that person has erased their account. */
export const FORMER_MEMBER = 'Former member';

/** What a viewer of a team (a landowner, an agent) never sees of a member's record. */
export const HIDDEN_FROM_VIEWERS = ['notes', 'condition_notes', 'photos'] as const;

/**
 * What leaves a team's copy of a record with its shooter once they have left the team or been removed: their words
 * and their exact place. The ground and the place's name stay.
 */
export const LEFT_WITH_FORMER_MEMBER = [...HIDDEN_FROM_VIEWERS, 'grid_ref', 'latitude', 'longitude'] as const;

/** `record` without `fields` (the same object when there are none to take out). */
export function withoutFields<R extends object>(record: R, fields: readonly string[]): R {
  if (fields.length === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([field]) => !fields.includes(field))) as R;
}

/**
 * The facts of a record a team keeps when its maker erases their account, under the team's own id for it: what was
 * culled, on which of the team's grounds (named by `groundName`), its carcass and the larder's findings; never the
 * notes, condition notes, photos, coordinates, grid reference, the member's own words for the place, shot distance,
 * shooter, examiner's name or certificate. Undefined for a record on no ground.
 */
export function keptCullOf(record: Cull, id: string, groundName: string): KeptCull | undefined {
  if (record.ground_id === undefined) return undefined;
  const { inspection } = record;
  return {
    id,
    ground_id: record.ground_id,
    date: record.date,
    time: record.time,
    location_name: groundName,
    species: record.species,
    sex: record.sex,
    age_estimate: record.age_estimate,
    condition: record.condition,
    shot_placement: record.shot_placement,
    antlers_present: record.antlers_present,
    ...present({
      weight: record.weight,
      antler_points: record.antler_points,
      antler_condition: record.antler_condition,
      calibre: record.calibre,
      bullet_weight_gr: record.bullet_weight_gr,
      bullet_type: record.bullet_type,
      carcass_tag: record.carcass_tag,
      carcass_destination: record.carcass_destination,
      game_dealer: record.game_dealer,
    }),
    ...(inspection !== undefined && {
      inspection: {
        abnormal_behaviour: inspection.abnormal_behaviour,
        abnormalities: inspection.abnormalities,
        ...present({ other_abnormality: inspection.other_abnormality }),
        contamination_suspected: inspection.contamination_suspected,
      },
    }),
    recorded_at: record.created_at,
  };
}

/**
 * A kept cull as a record of the team's own (`ownerId` the team's owner id), as the team's reads show it: its
 * examiner, whose name was not kept, is the former member's place.
 */
export function keptRecordOf(kept: KeptCull, ownerId: string, keptAt: string): Cull {
  const { id, recorded_at, inspection, ...facts } = kept;
  return {
    ...facts,
    ...(inspection !== undefined && { inspection: { ...inspection, examined_by: FORMER_MEMBER } }),
    id,
    created_by: ownerId,
    created_at: recorded_at,
    updated_at: keptAt,
    version: 1,
  };
}

/** The fields of `fields` that hold a value. */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
