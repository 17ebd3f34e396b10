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

/** The state a stream's events come to. */
export function foldStream<E, S extends { version: number }>(
  decider: Pick<Decider<unknown, E, S, { code: string }>, 'evolve' | 'initialState'>,
  events: readonly E[],
): S {
  return events.reduce(decider.evolve, decider.initialState);
}
