import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_SEASON_START, type GroundTrendsResponse } from '@cull-log/contracts';
import { groundAreaKm2, groundTrends, toCount } from '@cull-log/domain';
import { groundNotFound, idOf } from '../kit/management-requests';
import type { StreamRoutesOptions } from '../kit/stream-routes';
import type { CullReadModel } from '../read-model/cull-read-model';
import { countStateOf } from './stored-count';

/**
 * One of the user's own grounds' trends as GET /grounds/:id/trends answers them (see groundTrends), read from the
 * records service's read model; undefined for a ground that is not theirs.
 */
export async function readGroundTrends<Tx>(
  readModel: CullReadModel<Tx>,
  userId: string,
  groundId: string,
  now: Date,
): Promise<GroundTrendsResponse | undefined> {
  const ground = await readModel.getGround(userId, groundId);
  if (ground === undefined) return undefined;
  const areaKm2 = groundAreaKm2(ground.boundary);
  const [storedCounts, outings, culls, seasonStart] = await Promise.all([
    readModel.listCounts(userId, groundId),
    readModel.listOutings(userId),
    readModel.groundCullTally(userId, groundId),
    readModel.seasonStart(userId),
  ]);
  return groundTrends({
    groundId,
    areaKm2,
    seasonStart: seasonStart ?? DEFAULT_SEASON_START,
    now,
    counts: storedCounts.flatMap((stored) => toCount(countStateOf(stored), stored.id, areaKm2) ?? []),
    outings: outings.filter((outing) => outing.ground_id === groundId),
    culls,
  });
}

/**
 * GET /grounds/:id/trends: each species' seasons on one of the caller's own grounds (another's, a team's included,
 * is not found, as its density is not). A ground with no boundary has trends too, without densities.
 */
export function groundTrendsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, { readModel, now }) => {
    app.get<{ Params: { id: string } }>(
      '/grounds/:id/trends',
      async (request): Promise<GroundTrendsResponse> => {
        const groundId = idOf(request.params.id, groundNotFound);
        const trends = await readGroundTrends(readModel, request.identity.uid, groundId, now());
        if (trends === undefined) throw groundNotFound();
        return trends;
      },
    );
  };
}
