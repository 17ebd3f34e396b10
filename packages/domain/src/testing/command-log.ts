import fc from 'fast-check';
import {
  CullFieldsV1,
  EVENT_TYPES,
  LEGACY_EVENT_TYPES,
  isCullEvent,
  parseStoredEvent,
  type CullChanges,
  type CullCommand,
  type CullStreamEvent,
  type CullFields,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { cullDecider, type CullState } from '../cull-decider';
import {
  decideManagement,
  emptyManagementState,
  type ManagementState,
  type ManagementStep,
} from './management-log';

/** Users and record ids few enough that random commands often meet the same record and cross users. */
export const COMMAND_USERS = ['alice', 'bob', 'carol'] as const;
export const COMMAND_CULL_IDS = Array.from(
  { length: 8 },
  (_, index) => `00000000-0000-4000-8000-00000000000${index}`,
);

/** One command of a random history: record, amend or delete a record, as some user. */
export type CommandStep =
  | { kind: 'record'; userId: string; cullId: string; fields: CullFields }
  | { kind: 'amend'; userId: string; cullId: string; changes: CullChanges }
  | { kind: 'delete'; userId: string; cullId: string };

/** Random steps over the shared users and ids, with the fields and changes a projection's test cares about. */
export function commandStep(
  fields: fc.Arbitrary<CullFields>,
  changes: fc.Arbitrary<CullChanges>,
): fc.Arbitrary<CommandStep> {
  const who = { userId: fc.constantFrom(...COMMAND_USERS), cullId: fc.constantFrom(...COMMAND_CULL_IDS) };
  return fc.oneof(
    fc.record({ kind: fc.constant('record' as const), ...who, fields }),
    fc.record({ kind: fc.constant('amend' as const), ...who, changes }),
    fc.record({ kind: fc.constant('delete' as const), ...who }),
  );
}

function commandOf(next: CommandStep, index: number): CullCommand {
  const meta = {
    userId: next.userId,
    eventId: `event-${index}`,
    // After every date the steps hold: a record dated later than its command is refused.
    occurredAt: new Date(Date.UTC(2028, 0, 1, 0, 0, index)).toISOString(),
    correlationId: `correlation-${index}`,
  };
  switch (next.kind) {
    case 'record':
      return { type: 'RecordCull', cullId: next.cullId, fields: next.fields, meta };
    case 'amend':
      return { type: 'AmendCull', cullId: next.cullId, changes: next.changes, meta };
    case 'delete':
      return { type: 'DeleteCull', cullId: next.cullId, meta };
  }
}

/** The fields an event could hold before the carcass fields were added. */
const V1_FIELDS: ReadonlySet<string> = new Set(Object.keys(CullFieldsV1.shape));

/**
 * The event as the code before the carcass fields wrote it, when it holds none of them, so a log mixes both
 * versions and a projection reads it through the same upcasting parse as the bus.
 */
export function asWrittenBefore(event: CullStreamEvent): unknown {
  const data = 'data' in event ? (event.data as Record<string, unknown>) : {};
  if (!Object.keys(data).every((field) => V1_FIELDS.has(field))) return event;
  if (event.type === EVENT_TYPES.recorded) return { ...event, type: LEGACY_EVENT_TYPES.recordedV1 };
  if (event.type === EVENT_TYPES.amended) return { ...event, type: LEGACY_EVENT_TYPES.amendedV1 };
  return event;
}

/**
 * Runs the steps through the domain's decider, as the records service would (a step it refuses writes nothing),
 * and answers the log, every other event written as before the carcass fields where it could have been, and each
 * record's final state. Management steps (grounds, placements, outings, settings, plans) are decided by the records
 * service's rules too, and what they leave is `management`.
 */
export function runCommands(steps: readonly (CommandStep | ManagementStep)[]): {
  log: StoredLogEvent[];
  states: Map<string, CullState>;
  management: ManagementState;
} {
  const states = new Map<string, CullState>();
  const management = emptyManagementState();
  const log: StoredLogEvent[] = [];
  const envelope = (index: number, at: number) => ({
    id: `event-${index}-${at}`,
    // After every date the steps hold: a record dated later than its command is refused.
    occurredAt: new Date(Date.UTC(2028, 0, 1, 0, 0, index)).toISOString(),
    meta: { correlationId: `correlation-${index}` },
  });
  steps.forEach((next, index) => {
    if (next.kind !== 'record' && next.kind !== 'amend' && next.kind !== 'delete') {
      const liveCull = (cullId: string) => {
        const state = states.get(cullId);
        return state?.status === 'active' ? { ownerId: state.ownerId, version: state.version } : undefined;
      };
      decideManagement(next, management, liveCull).forEach((draft, at) => {
        log.push(parseStoredEvent({ ...envelope(index, at), ...draft }, log.length + 1));
        const state = states.get(draft.streamId);
        // A placement moves the record's version on, whatever else the record's own decider makes of it.
        if (state !== undefined && state.status === 'active')
          states.set(draft.streamId, { ...state, version: draft.version });
      });
      return;
    }
    const state = states.get(next.cullId) ?? cullDecider.initialState;
    const decision = cullDecider.decide(commandOf(next, index), state);
    if (!decision.ok) return;
    let current = state;
    for (const event of decision.events) {
      const written = log.length % 2 === 0 ? asWrittenBefore(event) : event;
      const stored = parseStoredEvent(written, log.length + 1);
      if (!isCullEvent(stored)) throw new Error(`A history of cull commands wrote ${stored.type}`);
      log.push(stored);
      current = cullDecider.evolve(current, event);
    }
    states.set(next.cullId, current);
  });
  return { log, states, management };
}
