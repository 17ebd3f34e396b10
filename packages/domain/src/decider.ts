import type { CommandMeta } from '@cull-log/contracts';

/** What a command comes to: the events it adds to its stream, or why the stream's rules refuse it. */
export type Decision<E, Err extends { code: string } = never> =
  { ok: true; events: E[] } | { ok: false; error: Err };

/**
 * A stream's rules, in the one shape every stream has (a record, a ground, an outing, the settings, a season's
 * plans): what a command decides given the stream's state, how each event moves that state on, and the state of a
 * stream with no events. Every state carries the stream's version, which guards the append.
 */
export interface Decider<C, E, S extends { version: number }, Err extends { code: string } = never> {
  decide(command: C, state: S): Decision<E, Err>;
  evolve(state: S, event: E): S;
  readonly initialState: S;
}

/**
 * Why an amendment of a stream one user owns is refused before its own rules are read: the stream is not live or
 * not the caller's (answered as not found, so another user's is indistinguishable from none), or it is not at
 * the version the caller named. Undefined when neither.
 */
export function amendmentRefused(
  state: { status: string; version: number; ownerId?: string },
  userId: string,
  expectedVersion: number | undefined,
): { code: 'not_found' } | { code: 'version_conflict'; actualVersion: number } | undefined {
  if (state.status !== 'active' || state.ownerId !== userId) return { code: 'not_found' };
  if (expectedVersion !== undefined && expectedVersion !== state.version)
    return { code: 'version_conflict', actualVersion: state.version };
  return undefined;
}

/** The state a stream's events come to. */
export function foldStream<E, S extends { version: number }>(
  decider: Pick<Decider<unknown, E, S, { code: string }>, 'evolve' | 'initialState'>,
  events: readonly E[],
): S {
  return events.reduce(decider.evolve, decider.initialState);
}

/** The id of a command's `index`-th event (from 0): the command's own for the first, a numbered one after. */
export function eventIdOf(commandEventId: string, index: number): string {
  return index === 0 ? commandEventId : `${commandEventId}-${index}`;
}

/**
 * The envelope of the `index`-th event (from 0) a command adds to a stream now at `version`: its id from the
 * command's, so a command sent again writes the same ids, and the versions following on.
 */
export function eventEnvelope(meta: CommandMeta, streamId: string, version: number, index = 0) {
  return {
    id: eventIdOf(meta.eventId, index),
    streamId,
    version: version + index + 1,
    userId: meta.userId,
    occurredAt: meta.occurredAt,
    meta:
      meta.source === undefined
        ? { correlationId: meta.correlationId }
        : { correlationId: meta.correlationId, source: meta.source },
  };
}
