import { isCullStreamEvent, type Cull, type CullCommand } from '@cull-log/contracts';
import { cullDecider, toCull } from '@cull-log/domain';
import { runCommand, type CommandDeps } from '../kit/command-runner';

export interface CommandOutcome {
  /** The record after the command; undefined once deleted. */
  record: Cull | undefined;
  /** Global position of the stream's last event, for `x-event-position`. */
  position: number;
}

export type CullCommandHandler = (command: CullCommand) => Promise<CommandOutcome>;

/** A record's commands on the shared runner, answering the record as it then is. */
export function createCullCommandHandler<Tx>(deps: CommandDeps<Tx>): CullCommandHandler {
  return async function handle(command) {
    const { state, position } = await runCommand(deps, {
      streamId: command.cullId,
      decider: cullDecider,
      command,
      belongs: isCullStreamEvent,
      // The id names a ground, an outing or another stream that is not a record's.
      foreign: command.type === 'RecordCull' ? 'already_exists' : 'not_found',
      callerNamedVersion: command.type === 'AmendCull' && command.expectedVersion !== undefined,
    });
    return { record: toCull(state, command.cullId), position };
  };
}
