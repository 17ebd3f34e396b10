import type { LogEvent, StoredLogEvent } from '@cull-log/contracts';
import type { Decider } from '@cull-log/domain';
import type { HttpError } from '@cull-log/service-kit';
import type { CullReadModel } from '../read-model/cull-read-model';
import { commandMetaOf } from './command-meta';
import { runCommand, type CommandDeps, type Refusal } from './command-runner';
import { answering, type RefusalAnswers } from './management-requests';

/** What a feature's stream routes are given: the shared runner's needs, the read model, the clock, new ids. */
export interface StreamRoutesOptions<Tx> extends CommandDeps<Tx> {
  readModel: CullReadModel<Tx>;
  now: () => Date;
  newId: () => string;
}

/** Events of one kind of stream, known by their type's prefix (`ground.`). */
export function eventsOfKind<E extends LogEvent>(prefix: `${string}.`) {
  return (event: StoredLogEvent): event is StoredLogEvent & E => event.type.startsWith(prefix);
}

/** A kind of stream as its routes carry out commands: its rules and how a refusal is answered. */
export interface StreamKind<C, E extends LogEvent, S extends { version: number }, Err extends Refusal> {
  decider: Decider<C, E, S, Err>;
  /** The type prefix of its events (`ground.`): a stream holding any other is another thing's. */
  prefix: `${string}.`;
  /** The stream a command is for. */
  streamOf: (command: C) => string;
  /** The answer for a stream that is not there or not the caller's. */
  notFound: () => HttpError;
  /** The answers to the stream's own rules' reasons, beside those every stream shares. */
  ruleBroken?: RefusalAnswers['ruleBroken'];
}

/**
 * A kind of stream's commands on the shared runner, refusals answered as the API answers them, with the meta every
 * command of a request carries: `run(command, callerNamedVersion)` and `metaOf(request)`.
 */
export function streamCommands<Tx, C, E extends LogEvent, S extends { version: number }, Err extends Refusal>(
  deps: StreamRoutesOptions<Tx>,
  { decider, prefix, streamOf, notFound, ruleBroken }: StreamKind<C, E, S, Err>,
) {
  const belongs = eventsOfKind<E>(prefix);
  return {
    run: (command: C, callerNamedVersion = false) =>
      answering(notFound, ruleBroken, () =>
        runCommand(deps, { streamId: streamOf(command), decider, command, belongs, callerNamedVersion }),
      ),
    metaOf: commandMetaOf(deps.now, deps.newId),
  };
}
