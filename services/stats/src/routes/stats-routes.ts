import type { FastifyPluginAsync } from 'fastify';
import { StatsQuery, type StatsResponse } from '@cull-log/contracts';
import type { PositionWatch } from '../position-watch';
import type { StatsStore } from '../store/stats-store';
import { statsResponse, statsWindow } from '../stats-figures';

export interface StatsRoutesOptions {
  store: StatsStore;
  watch: PositionWatch;
  now: () => Date;
  afterWaitMs: number;
}

export const statsRoutes: FastifyPluginAsync<StatsRoutesOptions> = async (
  app,
  { store, watch, now, afterWaitMs },
) => {
  app.get('/stats', async (request): Promise<StatsResponse> => {
    const { after } = StatsQuery.parse(request.query);
    // Bounded: a projection that is behind still answers, with its position telling the caller how far it got.
    if (after !== undefined) await watch.waitFor(after, afterWaitMs);
    const at = now();
    return statsResponse(await store.aggregates(statsWindow(request.identity.uid, at)), at);
  });
};
