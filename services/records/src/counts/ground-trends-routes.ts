import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_SEASON_START,
  teamOwnerId,
  type Ground,
  type GroundTrendsResponse,
} from '@cull-log/contracts';
import { groundAreaKm2, groundTrends, toCount } from '@cull-log/domain';
import { groundNotFound, idOf } from '../kit/management-requests';
import type { StreamRoutesOptions } from '../kit/stream-routes';
import type { CullReadModel } from '../read-model/cull-read-model';
import { teamParamOf, type Membership } from '../teams/team-scope';
import { countStateOf } from './stored-count';
import { teamCountsOn, teamGroundsOf } from './team-ground-scope';

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
    readModel.groundOutings([userId], groundId),
    readModel.groundCullTally(userId, groundId),
    readModel.seasonStart(userId),
  ]);
  return groundTrends({
    groundId,
    areaKm2,
    seasonStart: seasonStart ?? DEFAULT_SEASON_START,
    now,
    counts: storedCounts.flatMap((stored) => toCount(countStateOf(stored), stored.id, areaKm2) ?? []),
    outings,
    culls,
  });
}

/**
 * A team's ground's trends (see groundTrends): every member's outings, culls and counts on it gathered (a guest's,
 * their own; culls the team kept of an erased member's too), by the team's season start as its figures read it.
 */
export async function readTeamGroundTrends<Tx>(
  readModel: CullReadModel<Tx>,
  membership: Membership,
  uid: string,
  ground: Ground,
  now: Date,
): Promise<GroundTrendsResponse> {
  const owner = teamOwnerId(membership.teamId);
  const members =
    membership.role === 'guest'
      ? [uid]
      : (await readModel.memberLinks(membership.teamId)).map((link) => link.userId);
  const areaKm2 = groundAreaKm2(ground.boundary);
  const [storedCounts, outings, culls, seasonStart] = await Promise.all([
    teamCountsOn(readModel, membership, uid, [ground.id]),
    readModel.groundOutings(members, ground.id),
    Promise.all(
      [...members, ...(membership.role === 'guest' ? [] : [owner])].map((userId) =>
        readModel.groundCullTally(userId, ground.id),
      ),
    ),
    readModel.seasonStart(owner),
  ]);
  return groundTrends({
    groundId: ground.id,
    areaKm2,
    seasonStart: seasonStart ?? DEFAULT_SEASON_START,
    now,
    counts: storedCounts.flatMap((stored) => toCount(countStateOf(stored), stored.id, areaKm2) ?? []),
    outings,
    culls: culls.flat(),
  });
}

/**
 * GET /grounds/:id/trends: each species' seasons on one of the caller's own grounds, or with `?team=` on one of a
 * team's they may read (another's is not found, as its density is not). A ground with no boundary has trends too,
 * without densities.
 */
export function groundTrendsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, { readModel, now }) => {
    app.get<{ Params: { id: string } }>(
      '/grounds/:id/trends',
      async (request): Promise<GroundTrendsResponse> => {
        const groundId = idOf(request.params.id, groundNotFound);
        const uid = request.identity.uid;
        const team = teamParamOf(request);
        if (team !== undefined) {
          const { membership, grounds } = await teamGroundsOf(readModel, uid, team);
          const ground = grounds.find((each) => each.id === groundId);
          if (ground === undefined) throw groundNotFound();
          return readTeamGroundTrends(readModel, membership, uid, ground, now());
        }
        const trends = await readGroundTrends(readModel, uid, groundId, now());
        if (trends === undefined) throw groundNotFound();
        return trends;
      },
    );
  };
}
