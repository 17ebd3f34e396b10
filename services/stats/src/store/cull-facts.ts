import { EVENT_TYPES, type CullEvent } from '@cull-log/contracts';
import type { CullFacts } from './stats-store';

const grams = (kilograms: number | null) => (kilograms === null ? null : Math.round(kilograms * 1000));

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
