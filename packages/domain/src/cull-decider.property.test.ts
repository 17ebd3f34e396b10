import { CullEvent, type Cull, type CullEvent as CullEventType } from '@cull-log/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, evolve, fold, initialState, type CullState } from './cull-decider';
import { applyEventToCull, fieldsOf, toCull } from './cull-read-model';
import {
  addToStatsTally,
  computeStats,
  emptyStatsTally,
  removeFromStatsTally,
  statsFromTally,
  tallyRecords,
  type StatsTally,
} from './cull-stats';
import { commandHistoryArb, toCommand, type CommandPlan } from './test-support/fixtures';

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

const historyArb = commandHistoryArb;
const nowArb = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2028-06-30T00:00:00Z'),
  noInvalidDate: true,
});

describe('decider properties (random commands from several users)', () => {
  it('replaying any stream from its events gives the state reached live', () => {
    fc.assert(
      fc.property(historyArb, (plans) => {
        const { states, log } = runLive(plans);
        for (const [streamId, state] of states) expect(fold(streamOf(log, streamId))).toEqual(state);
      }),
    );
  });

  it('every event is a valid contract event, numbered 1, 2, 3 … in its stream, by the stream’s owner', () => {
    fc.assert(
      fc.property(historyArb, (plans) => {
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
      fc.property(historyArb, (plans) => {
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

  it('per-user statistics kept incrementally equal those computed from the final records', () => {
    fc.assert(
      fc.property(historyArb, nowArb, (plans, now) => {
        const { states, log } = runLive(plans);
        const records = new Map<string, Cull>();
        const tallies = new Map<string, StatsTally>();
        for (const event of log) {
          const before = records.get(event.streamId);
          const after = applyEventToCull(before, event);
          let tally = tallies.get(event.userId) ?? emptyStatsTally();
          if (before !== undefined) tally = removeFromStatsTally(tally, fieldsOf(before));
          if (after !== undefined) tally = addToStatsTally(tally, fieldsOf(after));
          tallies.set(event.userId, tally);
          if (after === undefined) records.delete(event.streamId);
          else records.set(event.streamId, after);
        }
        const finalRecords = [...states].flatMap(([streamId, state]) => toCull(state, streamId) ?? []);
        for (const [userId, tally] of tallies) {
          const own = finalRecords.filter((record) => record.created_by === userId);
          expect(tally).toEqual(tallyRecords(own));
          expect(statsFromTally(tally, now)).toEqual(computeStats(own, now));
        }
      }),
    );
  });
});
