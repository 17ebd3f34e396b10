import { createHash } from 'node:crypto';
import type { LogEvent, StoredLogEvent } from '@cull-log/contracts';
import { VersionConflictError, type AppendResult, type EventStore } from '@cull-log/eventstore';
import type { CullReadModel } from './read-model/cull-read-model';

/** A command on a ground, an outing, the settings or the plans was refused by its rules; nothing was written. */
export class StreamCommandRejectedError extends Error {
  override readonly name = 'StreamCommandRejectedError';
  constructor(readonly code: string) {
    super(`Command rejected: ${code}`);
  }
}

export interface StreamCommandDeps<Tx> {
  store: EventStore<Tx>;
  readModel: Pick<CullReadModel<Tx>, 'apply'>;
  onAppended?: (result: AppendResult) => void;
}

export interface StreamCommand<E extends LogEvent, S> {
  streamId: string;
  /** Is this event of the stream's kind? A stream holding anything else is another thing's: its id is taken. */
  belongs: (event: StoredLogEvent) => event is StoredLogEvent & E;
  fold: (events: readonly E[]) => S;
  evolve: (state: S, event: E) => S;
  versionOf: (state: S) => number;
  decide: (state: S) => { ok: true; events: E[] } | { ok: false; error: { code: string } };
  /** The caller named the version it expects: a concurrent write answers a conflict rather than a retry. */
  callerNamedVersion?: boolean;
}

/**
 * Reads the stream, decides, and appends with the read model updated in the same transaction, as the records'
 * commands do. A concurrent writer that got in first costs one retry on fresh state.
 */
export async function runStreamCommand<Tx, E extends LogEvent, S>(
  { store, readModel, onAppended }: StreamCommandDeps<Tx>,
  command: StreamCommand<E, S>,
): Promise<{ state: S; position: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const history = await store.readStream(command.streamId);
    const mine = history.filter(command.belongs);
    if (mine.length !== history.length) throw new StreamCommandRejectedError('already_exists');
    const state = command.fold(mine);
    const decision = command.decide(state);
    if (!decision.ok) throw new StreamCommandRejectedError(decision.error.code);
    if (decision.events.length === 0) return { state, position: history.at(-1)?.position ?? 0 };
    try {
      const result = await store.append(
        command.streamId,
        command.versionOf(state),
        decision.events,
        (tx, stored) => readModel.apply(tx, stored),
      );
      onAppended?.(result);
      return { state: decision.events.reduce(command.evolve, state), position: result.position };
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      if (command.callerNamedVersion || attempt > 1) throw new StreamCommandRejectedError('version_conflict');
    }
  }
}

/** The first 32 hex digits of the SHA-256 of the parts, one per line: a stream id that names nobody. */
function hashed(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
}

/** The stream of a user's settings. */
export function settingsStreamId(userId: string): string {
  return `settings-${hashed(userId)}`;
}

/** The stream of a user's plans of one season (`2026-27`). */
export function plansStreamId(userId: string, season: string): string {
  return `plans-${hashed(userId, season)}`;
}
