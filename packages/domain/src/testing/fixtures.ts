import fc from 'fast-check';
import {
  AGE_ESTIMATES,
  ANTLER_CONDITIONS,
  CONDITIONS,
  SEXES,
  SHOT_PLACEMENTS,
  SPECIES,
  type CommandMeta,
  type CullChanges,
  type CullCommand,
  type CullFields,
} from '@cull-log/contracts';
import { sampleCullFields } from '@cull-log/contracts/testing';

export const roeDoe: CullFields = sampleCullFields({ weight: 14.5 });

export const redStag: CullFields = {
  date: '2026-09-20',
  time: '19:30',
  location_name: 'High Moor',
  species: 'Red Deer',
  sex: 'Male',
  age_estimate: 'Mature Adult',
  condition: 'Excellent',
  shot_placement: 'Heart/Lung',
  antlers_present: true,
  antler_points: 10,
  antler_condition: 'Good',
  shot_distance: '150 meters, 80 yards',
  latitude: 54.5,
  longitude: -2.1,
};

let sequence = 0;

export function commandMeta(userId: string, occurredAt = '2026-11-03T07:00:00.000Z'): CommandMeta {
  sequence += 1;
  return { userId, eventId: `event-${sequence}`, occurredAt, correlationId: `request-${sequence}` };
}

// Free-text species include awkward names a projection keyed by species must survive.
const speciesArb = fc.oneof(
  fc.constantFrom(...SPECIES.filter((name) => name !== 'Other')),
  fc.constantFrom('Badger', 'Grey Squirrel', '__proto__', 'constructor'),
);

const dateArb = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);

const weightArb = fc.integer({ min: 0, max: 10000 }).map((tenths) => tenths / 10);

const requiredArbs = {
  date: dateArb,
  time: timeArb,
  location_name: fc.constantFrom('Home Wood', 'High Moor', 'Top Field, "north" end'),
  species: speciesArb,
  sex: fc.constantFrom(...SEXES),
  age_estimate: fc.constantFrom(...AGE_ESTIMATES),
  condition: fc.constantFrom(...CONDITIONS),
  shot_placement: fc.constantFrom(...SHOT_PLACEMENTS.filter((name) => name !== 'Other')),
  antlers_present: fc.boolean(),
};

const optionalArbs = {
  grid_ref: fc.constantFrom('SU 123 456', 'NY 1 2'),
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  weight: weightArb,
  condition_notes: fc.constantFrom('fat', 'lean'),
  antler_points: fc.integer({ min: 0, max: 60 }),
  antler_condition: fc.constantFrom(...ANTLER_CONDITIONS),
  shot_distance: fc.constantFrom('150 meters, 80 yards', '50 m'),
  notes: fc.constantFrom('clean', '=cmd', 'line one\nline two'),
};

/** Fields as a create request leaves them: antler details only with antlers. */
export const cullFieldsArb: fc.Arbitrary<CullFields> = fc
  .record({ ...requiredArbs, ...optionalArbs }, { requiredKeys: Object.keys(requiredArbs) as never })
  .map((fields) => {
    const { antler_points: _points, antler_condition: _condition, ...rest } = fields;
    return (fields.antlers_present ? fields : rest) as CullFields;
  });

/** An amendment: some fields changed, optional ones possibly cleared with null. */
export const cullChangesArb: fc.Arbitrary<CullChanges> = fc.record(
  {
    ...requiredArbs,
    ...Object.fromEntries(
      Object.entries(optionalArbs).map(([name, arb]) => [name, fc.option(arb as fc.Arbitrary<unknown>)]),
    ),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<CullChanges>;

const USERS = ['alice', 'bob', 'carol'] as const;
/** Each cull id has a usual author, so most commands are allowed and some come from someone else. */
const CULL_OWNERS = {
  'cull-1': 'alice',
  'cull-2': 'alice',
  'cull-3': 'alice',
  'cull-4': 'bob',
  'cull-5': 'bob',
  'cull-6': 'carol',
} as const;

/** A command with everything but its event id and time, which the run assigns in order. */
export type CommandPlan =
  | { type: 'RecordCull'; cullId: string; userId: string; fields: CullFields }
  | { type: 'AmendCull'; cullId: string; userId: string; changes: CullChanges; expectedVersion?: number }
  | { type: 'DeleteCull'; cullId: string; userId: string };

const cullAndUserArb = fc
  .tuple(
    fc.constantFrom(...(Object.keys(CULL_OWNERS) as (keyof typeof CULL_OWNERS)[])),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...USERS) },
    ),
  )
  .map(([cullId, someoneElse]) => ({ cullId, userId: someoneElse ?? CULL_OWNERS[cullId] }));

const recordPlanArb = fc
  .tuple(cullAndUserArb, cullFieldsArb)
  .map(([who, fields]): CommandPlan => ({ type: 'RecordCull', ...who, fields }));

const amendPlanArb = fc
  .tuple(
    cullAndUserArb,
    cullChangesArb,
    fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined, freq: 2 }),
  )
  .map(([who, changes, expectedVersion]): CommandPlan => ({
    type: 'AmendCull',
    ...who,
    changes,
    ...(expectedVersion === undefined ? {} : { expectedVersion }),
  }));

const deletePlanArb = cullAndUserArb.map((who): CommandPlan => ({ type: 'DeleteCull', ...who }));

export const commandPlanArb: fc.Arbitrary<CommandPlan> = fc.oneof(
  { weight: 3, arbitrary: recordPlanArb },
  { weight: 8, arbitrary: amendPlanArb },
  { weight: 1, arbitrary: deletePlanArb },
);

/**
 * Turns a plan into a command, the n-th of its run (one second apart, so times order the events), decided after every
 * date the plans hold: a record dated later than its command is refused, and would not be exercised.
 */
export function toCommand(plan: CommandPlan, index: number): CullCommand {
  const occurredAt = new Date(Date.UTC(2028, 0, 1, 7, 0, index)).toISOString();
  const meta: CommandMeta = {
    userId: plan.userId,
    eventId: `event-${index}`,
    occurredAt,
    correlationId: `request-${index}`,
  };
  const { userId: _userId, ...command } = plan;
  return { ...command, meta } as CullCommand;
}

/** A history of commands: a few records first (so amendments have something to act on), then anything. */
export const commandHistoryArb: fc.Arbitrary<CommandPlan[]> = fc
  .tuple(
    fc.array(recordPlanArb, { minLength: 2, maxLength: 6 }),
    fc.array(commandPlanArb, { maxLength: 40, size: '+1' }),
  )
  .map(([opening, rest]) => [...opening, ...rest]);
