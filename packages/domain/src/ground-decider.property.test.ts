import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GroundEvent, OutingEvent, type GroundEvent as GroundEventType } from '@cull-log/contracts';
import { foldStream } from './decider';
import { groundDecider, toGround, type GroundState } from './ground-decider';
import { outingDecider, toOuting, type OutingState } from './outing-decider';

// The streams' rules under the names these tests were written with.
const { decide: decideGround, initialState: initialGroundState } = groundDecider;
const foldGround = (events: readonly GroundEventType[]) => foldStream(groundDecider, events);
const { decide: decideOuting, initialState: initialOutingState } = outingDecider;
const foldOuting = (events: readonly OutingEvent[]) => foldStream(outingDecider, events);

const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const OUTING = '7b0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f61';
/** A triangle of a ground's size: `size` hundredths of a degree along each side. */
const square = (hundredths: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [hundredths / 100, 0],
      [hundredths / 100, hundredths / 100],
      [0, 0],
    ] as [number, number][],
  ],
});

const Change = fc.record(
  {
    name: fc.constantFrom('Home Farm', 'Beech Hanger', 'Wessex'),
    notes: fc.option(fc.constantFrom('Keys at the farm', 'Gate code'), { nil: null }),
    boundary: fc.option(fc.integer({ min: 1, max: 3 }).map(square), { nil: null }),
    archived: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe('ground decider, for any sequence of changes', () => {
  it('writes valid events of contiguous versions with distinct ids, folding to what the changes asked for', () => {
    fc.assert(
      fc.property(fc.array(Change, { maxLength: 12 }), (changes) => {
        const meta = (n: number) => ({
          userId: 'alice',
          eventId: `event-${n}`,
          occurredAt: new Date(Date.UTC(2026, 4, 1, 0, n)).toISOString(),
          correlationId: 'property',
        });
        const log: GroundEventType[] = [];
        let state: GroundState = initialGroundState;
        const expected = {
          name: 'Start',
          notes: null as string | null,
          boundary: null as unknown,
          archived: false,
        };
        const run = (decision: ReturnType<typeof decideGround>) => {
          if (!decision.ok) throw new Error(decision.error.code);
          log.push(...decision.events);
          state = foldGround(log);
        };
        run(
          decideGround(
            { type: 'CreateGround', groundId: GROUND, fields: { name: 'Start' }, meta: meta(0) },
            state,
          ),
        );
        changes.forEach((change, index) => {
          run(
            decideGround(
              { type: 'AmendGround', groundId: GROUND, changes: change, meta: meta(index + 1) },
              state,
            ),
          );
          if (change.name !== undefined) expected.name = change.name;
          if (change.notes !== undefined) expected.notes = change.notes;
          if (change.boundary !== undefined) expected.boundary = change.boundary;
          if (change.archived !== undefined) expected.archived = change.archived;
        });
        for (const event of log) expect(GroundEvent.parse(event)).toEqual(event);
        expect(log.map((event) => event.version)).toEqual(log.map((_event, index) => index + 1));
        expect(new Set(log.map((event) => event.id)).size).toBe(log.length);
        expect(toGround(state, GROUND)).toMatchObject({ ...expected, version: log.length });
      }),
    );
  });
});

describe('outing decider, for any sequence of ends and reopenings', () => {
  it('keeps every end after the start, refusing the rest, with valid events of contiguous versions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -3, max: 8 }), { nil: null }), { maxLength: 12 }),
        (ends) => {
          const startedAt = '2026-05-01T05:00:00.000Z';
          const hour = (n: number) => new Date(Date.parse(startedAt) + n * 3_600_000).toISOString();
          const meta = { userId: 'alice', eventId: 'e', occurredAt: startedAt, correlationId: 'property' };
          const log: OutingEvent[] = [];
          let state: OutingState = initialOutingState;
          const started = decideOuting(
            { type: 'StartOuting', outingId: OUTING, groundId: 'g', startedAt, meta },
            state,
          );
          if (!started.ok) throw new Error('refused the start');
          log.push(...started.events);
          state = foldOuting(log);
          let endedAt: string | null = null;
          for (const end of ends) {
            const wanted = end === null ? null : hour(end);
            const decision = decideOuting(
              { type: 'AmendOuting', outingId: OUTING, changes: { ended_at: wanted }, meta },
              state,
            );
            if (wanted !== null && end! <= 0) {
              expect(decision).toEqual({ ok: false, error: { code: 'ends_before_start' } });
              continue;
            }
            if (!decision.ok) throw new Error(decision.error.code);
            log.push(...decision.events);
            state = foldOuting(log);
            endedAt = wanted;
          }
          for (const event of log) expect(OutingEvent.parse(event)).toEqual(event);
          expect(log.map((event) => event.version)).toEqual(log.map((_event, index) => index + 1));
          expect(toOuting(state, OUTING, 0)?.ended_at).toBe(endedAt);
        },
      ),
    );
  });
});
