import { parseArgs } from 'node:util';
import type { ComposedGateway } from '../gateway-from-environment';
import { replayErasures } from './replay-erasures';

export const ERASURE_REPLAY_USAGE =
  'Usage: npm run erasures:replay -- --since <when the restored copy was taken, e.g. 2026-12-01T02:00:00Z>\n' +
  'Run it with the app stopped, after restoring a backup and before starting the app again.\n';

/** `--since`: a date-time (or a date, taken as its midnight UTC). */
function sinceOf(args: readonly string[]): Date | string {
  let values: { since?: string | undefined };
  try {
    ({ values } = parseArgs({ args: [...args], options: { since: { type: 'string' } }, strict: true }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (values.since === undefined) return '--since is required';
  const since = new Date(values.since);
  return Number.isNaN(since.getTime()) ? `--since ${values.since} is not a date and time` : since;
}

/**
 * The erasure replay as a command: reads `--since`, composes the gateway as the app does (not listening), makes the
 * journal's erasures again, prints what it did. Answers the exit code: 0 when every one was made, 1 when any failed
 * (run it again), 2 when it was asked wrongly.
 */
export async function runErasureReplayCommand(
  args: readonly string[],
  compose: () => Promise<ComposedGateway>,
  write: (text: string) => void,
): Promise<number> {
  const since = sinceOf(args);
  if (typeof since === 'string') {
    write(`${since}\n${ERASURE_REPLAY_USAGE}`);
    return 2;
  }
  const gateway = await compose();
  try {
    await gateway.app.ready();
    const replay = await replayErasures(
      {
        journal: gateway.erasureJournal,
        erasure: gateway.app.accountErasure,
        backupRetentionDays: gateway.settings.backupRetentionDays,
        log: gateway.logger,
      },
      since,
    );
    write(
      `Erasures made since ${since.toISOString()}: ${replay.erased.length} account(s) erased again, ` +
        `${replay.failed.length} could not be (${replay.skipped} older erasure(s) left alone).\n`,
    );
    for (const { uid, reason } of replay.failed) write(`Could not erase ${uid} again: ${reason}\n`);
    if (replay.failed.length > 0) write('Run the command again once every service answers.\n');
    return replay.failed.length > 0 ? 1 : 0;
  } finally {
    await gateway.app.close();
    await gateway.closeDependencies();
  }
}
