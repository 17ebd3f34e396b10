/**
 * The rifle's load: a muzzle energy the stalker did not give is worked out from the bullet's weight and its muzzle
 * velocity when a command is decided, so the record and the calibre warning use the same figure. Commands only:
 * events already in the log are never judged again.
 */
import type { CullChanges, CullFields } from '@cull-log/contracts';

const KILOGRAMS_PER_GRAIN = 0.00006479891;
const METRES_PER_FOOT = 0.3048;

/** Kinetic energy at the muzzle, ½mv², in whole joules. */
export function muzzleEnergyJoules(bulletWeightGrains: number, velocityFeetPerSecond: number): number {
  const metresPerSecond = velocityFeetPerSecond * METRES_PER_FOOT;
  return Math.round(0.5 * bulletWeightGrains * KILOGRAMS_PER_GRAIN * metresPerSecond ** 2);
}

/** A new record's fields, with the muzzle energy worked out when it is not given but the load is. */
export function loadFields(fields: CullFields): CullFields {
  if (
    fields.muzzle_energy_j !== undefined ||
    fields.bullet_weight_gr === undefined ||
    fields.muzzle_velocity_fps === undefined
  ) {
    return fields;
  }
  return {
    ...fields,
    muzzle_energy_j: muzzleEnergyJoules(fields.bullet_weight_gr, fields.muzzle_velocity_fps),
  };
}

/**
 * An amendment's changes to `current`: a new bullet weight or velocity without a new energy works the energy out
 * again from the load as it will be, since the old figure described another load. Sent together, all are kept.
 */
export function loadChanges(current: CullFields, changes: CullChanges): CullChanges {
  const loadChanged = changes.bullet_weight_gr !== undefined || changes.muzzle_velocity_fps !== undefined;
  if (!loadChanged || changes.muzzle_energy_j !== undefined) return changes;
  const weight = changes.bullet_weight_gr === undefined ? current.bullet_weight_gr : changes.bullet_weight_gr;
  const velocity =
    changes.muzzle_velocity_fps === undefined ? current.muzzle_velocity_fps : changes.muzzle_velocity_fps;
  // Half the load cleared: the energy given before still stands for what the stalker knew.
  if (weight == null || velocity == null) return changes;
  return { ...changes, muzzle_energy_j: muzzleEnergyJoules(weight, velocity) };
}
