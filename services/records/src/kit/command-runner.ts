import type { LogEvent, StoredLogEvent } from '@cull-log/contracts';
import { foldStream, type Decider } from '@cull-log/domain';
import { VersionConflictError, type AppendResult, type EventStore } from '@cull-log/eventstore';
import type { CullReadModel } from '../read-model/cull-read-model';

/** Why a command was refused: its stream's rules' own reason, or the runner's (a taken id, a lost race). */
export interface Refusal {
  code: string;
}

/** A command its stream's rules refused, or that lost to another writer; nothing was written. */
export class CommandRejectedError<R extends Refusal = Refusal> extends Error {
  override readonly name = 'CommandRejectedError';
  constructor(readonly reason: R) {
    super(`Command rejected: ${reason.code}`);
  }
}

/** What every command needs: the event store, the read model written in the append's transaction, and who to tell. */
export interface CommandDeps<Tx> {
  store: EventStore<Tx>;
  readModel: Pick<CullReadModel<Tx>, 'apply'>;
  /** Told after every append that wrote something, e.g. to wake the relay. */
  onAppended?: (result: AppendResult) => void;
}

/** One command on one stream, with the rules of the stream's kind. */
export interface StreamCommand<C, E extends LogEvent, S extends { version: number }, Err extends Refusal> {
  streamId: string;
  decider: Decider<C, E, S, Err>;
  command: C;
  /** Is this event of the stream's kind? A stream holding anything else is another thing's. */
  belongs: (event: StoredLogEvent) => event is StoredLogEvent & E;
  /** The answer when the id is another thing's stream: taken (the default), or for a change, not found. */
  foreign?: 'already_exists' | 'not_found';
  /** The caller named the version it expects: a concurrent write answers a conflict rather than a retry. */
  callerNamedVersion?: boolean;
}

/**
 * The one way a command is carried out, for every kind of stream: reads the stream, folds it with the decider,
 * decides, and appends with the read model updated in the same transaction. A concurrent writer that got in first
 * costs one retry on fresh state, unless the caller named the version it expects. Answers the stream's state after
 * the command and the global position of its last event (for `x-event-position`).
 */
export async function runCommand<
  Tx,
  C,
  E extends LogEvent,
  S extends { version: number },
  Err extends Refusal,
>(
  { store, readModel, onAppended }: CommandDeps<Tx>,
  {
    streamId,
    decider,
    command,
    belongs,
    foreign = 'already_exists',
    callerNamedVersion = false,
  }: StreamCommand<C, E, S, Err>,
): Promise<{ state: S; position: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const history = await store.readStream(streamId);
    const mine = history.filter(belongs);
    if (mine.length !== history.length) throw new CommandRejectedError({ code: foreign });
    const state = foldStream(decider, mine);
    const decision = decider.decide(command, state);
    if (!decision.ok) throw new CommandRejectedError(decision.error);
    if (decision.events.length === 0) return { state, position: history.at(-1)?.position ?? 0 };
    try {
      const result = await store.append(streamId, state.version, decision.events, (tx, stored) =>
        readModel.apply(tx, stored),
      );
      onAppended?.(result);
      return { state: decision.events.reduce(decider.evolve, state), position: result.position };
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      if (callerNamedVersion || attempt > 1)
        throw new CommandRejectedError({ code: 'version_conflict', actualVersion: state.version });
    }
  }
}
