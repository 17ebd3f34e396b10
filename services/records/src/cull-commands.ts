import { isCullStreamEvent, type Cull, type CullCommand } from '@cull-log/contracts';
import { decide, evolve, fold, toCull, type DecisionError } from '@cull-log/domain';
import { VersionConflictError, type AppendResult, type EventStore } from '@cull-log/eventstore';
import type { CullReadModel } from './read-model/cull-read-model';

/** The command was refused by the rules; nothing was written. */
export class CommandRejectedError extends Error {
  override readonly name = 'CommandRejectedError';
  constructor(readonly reason: DecisionError) {
    super(`Command rejected: ${reason.code}`);
  }
}

export interface CommandOutcome {
  /** The record after the command; undefined once deleted. */
  record: Cull | undefined;
  /** Global position of the stream's last event, for `x-event-position`. */
  position: number;
}

export interface CullCommandHandlerDeps<Tx> {
  store: EventStore<Tx>;
  readModel: Pick<CullReadModel<Tx>, 'apply'>;
  /** Told after every append that wrote something, e.g. to wake the relay. */
  onAppended?: (result: AppendResult) => void;
}

export type CullCommandHandler = (command: CullCommand) => Promise<CommandOutcome>;

/**
 * Reads the stream, decides, and appends with the read model updated in the same transaction. A concurrent
 * writer that got in first costs one retry on fresh state, unless the caller named the version it expects.
 */
export function createCullCommandHandler<Tx>({
  store,
  readModel,
  onAppended,
}: CullCommandHandlerDeps<Tx>): CullCommandHandler {
  return async function handle(command) {
    const callerNamedVersion = command.type === 'AmendCull' && command.expectedVersion !== undefined;
    for (let attempt = 1; ; attempt += 1) {
      const history = await store.readStream(command.cullId);
      // The id names a ground, an outing or another stream that is not a record's: it is taken.
      if (!history.every(isCullStreamEvent)) {
        if (command.type === 'RecordCull') throw new CommandRejectedError({ code: 'already_exists' });
        throw new CommandRejectedError({ code: 'not_found' });
      }
      const state = fold(history);
      const decision = decide(command, state);
      if (!decision.ok) throw new CommandRejectedError(decision.error);
      if (decision.events.length === 0) {
        return { record: toCull(state, command.cullId), position: history.at(-1)?.position ?? 0 };
      }
      try {
        const result = await store.append(command.cullId, state.version, decision.events, (tx, stored) =>
          readModel.apply(tx, stored),
        );
        onAppended?.(result);
        const next = decision.events.reduce(evolve, state);
        return { record: toCull(next, command.cullId), position: result.position };
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
        if (callerNamedVersion || attempt > 1)
          throw new CommandRejectedError({ code: 'version_conflict', actualVersion: state.version });
      }
    }
  };
}
