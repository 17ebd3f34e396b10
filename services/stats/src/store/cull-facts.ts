import { EVENT_TYPES, type CullChanges, type CullEvent, type CullFields } from '@cull-log/contracts';
import type { CullFacts, WarningInputs } from './stats-store';

const grams = (kilograms: number | null) => (kilograms === null ? null : Math.round(kilograms * 1000));

/** The fields of a record its legal warnings read beside species, sex and date. */
const WARNING_FIELDS = [
  'latitude',
  'longitude',
  'calibre',
  'bullet_weight_gr',
  'bullet_type',
  'muzzle_energy_j',
] as const satisfies readonly (keyof WarningInputs & keyof CullFields)[];

/** A record's warning inputs, without the fields it does not give. */
export function warningInputsOf(
  fields: Pick<CullFields, 'time'> & Partial<Pick<CullFields, (typeof WARNING_FIELDS)[number]>>,
): WarningInputs {
  const inputs: WarningInputs = { time: fields.time };
  for (const name of WARNING_FIELDS) {
    const value = fields[name];
    if (value !== undefined && value !== null) Object.assign(inputs, { [name]: value });
  }
  return inputs;
}

/** The warning inputs after an amendment: a changed field takes its new value, a cleared one (null) goes. */
function amendedInputs(current: WarningInputs, changes: CullChanges): WarningInputs {
  const next: WarningInputs = { ...current, ...(changes.time !== undefined && { time: changes.time }) };
  for (const name of WARNING_FIELDS) {
    const value = changes[name];
    if (value === null) delete next[name];
    else if (value !== undefined) Object.assign(next, { [name]: value });
  }
  return next;
}

/** The facts after an event of a cull's own, or undefined when the cull no longer counts. */
export function nextFacts(current: CullFacts | undefined, event: CullEvent): CullFacts | undefined {
  switch (event.type) {
    case EVENT_TYPES.recorded:
      return {
        userId: event.userId,
        species: event.data.species,
        sex: event.data.sex,
        date: event.data.date,
        weightGrams: grams(event.data.weight ?? null),
        ageEstimate: event.data.age_estimate,
        destination: event.data.carcass_destination ?? null,
        groundId: current?.groundId ?? null,
        outingId: current?.outingId ?? null,
        teamId: current?.teamId ?? null,
        memberId: current?.memberId ?? null,
        warningFacts: warningInputsOf(event.data),
      };
    case EVENT_TYPES.amended: {
      if (current === undefined) return undefined;
      const { species, sex, date, weight, age_estimate, carcass_destination } = event.data.changes;
      return {
        ...current,
        ...(species !== undefined && { species }),
        ...(sex !== undefined && { sex }),
        ...(date !== undefined && { date }),
        ...(weight !== undefined && { weightGrams: grams(weight) }),
        ...(age_estimate !== undefined && { ageEstimate: age_estimate }),
        ...(carcass_destination !== undefined && { destination: carcass_destination }),
        warningFacts:
          current.warningFacts === null ? null : amendedInputs(current.warningFacts, event.data.changes),
      };
    }
    case EVENT_TYPES.deleted:
      return undefined;
    // Photos count for nothing in the figures; the event only moves the record's version on.
    case EVENT_TYPES.photoAdded:
    case EVENT_TYPES.photoRemoved:
      return current;
  }
}
