import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import {
  RecordRetentionRequest,
  TEAM_EVENT_TYPES,
  TeamRetentionResponse,
  teamOwnerId,
  type LogEvent,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { londonDate } from '@cull-log/domain';
import type { StreamRoutesOptions } from '../kit/stream-routes';
import { streamCommands } from '../kit/stream-routes';
import { checkCutoff } from '../account/retention-routes';
import { TEAM_STREAM } from './team-stream';

/** Teams read at once. */
const TEAM_PAGE_SIZE = 200;

/** The ids of the team's kept culls culled before the cutoff's day (in London) and kept before the cutoff. */
function keptPastRetention(events: readonly StoredLogEvent[], cutoff: Date): string[] {
  const cutoffDay = londonDate(cutoff);
  return events.flatMap((event) =>
    event.type === TEAM_EVENT_TYPES.cullsKept && Date.parse(event.occurredAt) < cutoff.getTime()
      ? event.data.culls.filter((kept) => kept.date < cutoffDay).map((kept) => kept.id)
      : [],
  );
}

/**
 * The team's kept events as they are once `removed` are out of them: each holding any of them, with the others; one
 * left with none becomes the removal of its own (so the stream's versions still run on, and nothing of them is read).
 */
function withoutRemoved(events: readonly StoredLogEvent[], removed: ReadonlySet<string>): LogEvent[] {
  return events.flatMap((stored): LogEvent[] => {
    if (stored.type !== TEAM_EVENT_TYPES.cullsKept) return [];
    const { position: _position, ...event } = stored;
    if (!event.data.culls.some((kept) => removed.has(kept.id))) return [];
    const left = event.data.culls.filter((kept) => !removed.has(kept.id));
    if (left.length > 0) return [{ ...event, data: { ...event.data, culls: left } }];
    const ids = event.data.culls.map((kept) => kept.id);
    return [{ ...event, type: TEAM_EVENT_TYPES.keptCullsRemoved, data: { ids } }];
  });
}

/**
 * `POST /retention/teams`: the gateway's daily job, once a run (it is not reachable through the gateway's API), has every
 * team stop keeping the culls of erased members that were culled and kept more than the retention's years ago (the cutoff
 * is the gateway's to give, checked as for a user's records). For each team with some: the removal is appended to the
 * team's stream (the read models, here and on the bus, take them out), then the team's kept events are rewritten without
 * them (an event left with none as the removal of its own), so the log holds nothing of them and a rebuild counts the
 * same. A run stopped between the two is finished by the next: the kept events still name them.
 */
export function teamRetentionRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { store, readModel, now } = deps;
    const teams = streamCommands(deps, TEAM_STREAM);

    async function keepRetention(teamId: string, cutoff: Date, meta: ReturnType<typeof teams.metaOf>) {
      const events = await store.readStream(teamId);
      const ids = keptPastRetention(events, cutoff);
      if (ids.length === 0) return 0;
      await teams.run({ type: 'RemoveKeptCulls', teamId, ids, meta });
      const owner = teamOwnerId(teamId);
      // The records' search index is merged meanwhile, a step at a time, so nothing of them stays in its pages either.
      await store.rewriteEvents(owner, withoutRemoved(events, new Set(ids)), (tx, userId) =>
        readModel.eraseRecords(tx, userId, []),
      );
      return ids.length;
    }

    app.post('/retention/teams', async (request) => {
      const cutoff = new Date(RecordRetentionRequest.parse(request.body).cutoff);
      checkCutoff(cutoff, now());
      let removed = 0;
      for (let after: string | null = null; ;) {
        const page = await readModel.teamIds(after, TEAM_PAGE_SIZE);
        for (const teamId of page) {
          removed += await keepRetention(teamId, cutoff, teams.metaOf(request));
          await nextTurn();
        }
        if (page.length < TEAM_PAGE_SIZE) break;
        after = page.at(-1)!;
      }
      if (removed > 0) request.log.info({ keptCulls: removed }, 'teams’ kept culls past retention removed');
      return TeamRetentionResponse.parse({ kept_culls_removed: removed });
    });
  };
}
