import { StatsQuery, type StatsResponse } from '@cull-log/contracts';
import type { ProjectionRoutes } from '@cull-log/projection';
import { statsResponse, statsWindow } from '../stats-figures';
import type { StatsStore } from '../store/stats-store';

export const statsRoutes: ProjectionRoutes<StatsStore> = async (app, { store, now, waitForPosition }) => {
  app.get('/stats', async (request): Promise<StatsResponse> => {
    const { after } = StatsQuery.parse(request.query);
    if (after !== undefined) await waitForPosition(after);
    const at = now();
    return statsResponse(await store.aggregates(statsWindow(request.identity.uid, at)), at);
  });
};
