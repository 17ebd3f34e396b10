import { CullEvent, type Cull, type CullStreamEvent as CullEventType } from '@cull-log/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cullDecider, type CullState } from './cull-decider';
import { foldStream } from './decider';
import { applyEventToCull, toCull } from './cull-read-model';
import { commandHistoryArb, toCommand, type CommandPlan } from './testing/fixtures';

// The record's rules under the short names these tests were written with.
const { decide, evolve, initialState } = cullDecider;
const fold = (events: readonly CullEventType[]) => foldStream(cullDecider, events);

interface Run {
  states: Map<string, CullState>;
  log: CullEventType[];
}

/** Decides each command against the live state and applies what it yields, as the records service does. */
function runLive(plans: readonly CommandPlan[]): Run {
  const states = new Map<string, CullState>();
  const log: CullEventType[] = [];
  plans.forEach((plan, index) => {
    const command = toCommand(plan, index);
    const before = states.get(command.cullId) ?? initialState;
    const decision = decide(command, before);
    if (!decision.ok) return;
    states.set(command.cullId, decision.events.reduce(evolve, before));
    log.push(...decision.events);
  });
  return { states, log };
}

const streamOf = (log: readonly CullEventType[], streamId: string) =>
  log.filter((event) => event.streamId === streamId);

describe('decider properties (random commands from several users)', () => {
  it('replaying any stream from its events gives the state reached live', () => {
    fc.assert(
      fc.property(commandHistoryArb, (plans) => {
        const { states, log } = runLive(plans);
        for (const [streamId, state] of states) expect(fold(streamOf(log, streamId))).toEqual(state);
      }),
    );
  });

  it('every event is a valid contract event, numbered 1, 2, 3 … in its stream, by the stream’s owner', () => {
    fc.assert(
      fc.property(commandHistoryArb, (plans) => {
        const { states, log } = runLive(plans);
        for (const event of log) expect(CullEvent.parse(event)).toEqual(event);
        for (const streamId of states.keys()) {
          const stream = streamOf(log, streamId);
          expect(stream.map((event) => event.version)).toEqual(stream.map((_event, index) => index + 1));
          expect(new Set(stream.map((event) => event.userId)).size).toBe(1);
        }
      }),
    );
  });

  it('the read-model record built event by event equals the one derived from the folded state', () => {
    fc.assert(
      fc.property(commandHistoryArb, (plans) => {
        const { states, log } = runLive(plans);
        const records = new Map<string, Cull>();
        for (const event of log) {
          const next = applyEventToCull(records.get(event.streamId), event);
          if (next === undefined) records.delete(event.streamId);
          else records.set(event.streamId, next);
        }
        for (const [streamId, state] of states)
          expect(records.get(streamId)).toEqual(toCull(state, streamId));
      }),
    );
  });
});
