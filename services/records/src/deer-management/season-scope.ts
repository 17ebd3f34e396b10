import { DEFAULT_SEASON_START, type Ground, type SeasonKey } from '@cull-log/contracts';
import { seasonOfKey, type Season } from '@cull-log/domain';
import { groundNotFound } from '../kit/management-requests';
import type { ManagementReadModel } from '../read-model/management-read-model';

/** What a read of deer-management figures covers: the user's grounds, and the season and ground asked for. */
export interface SeasonScope {
  userId: string;
  grounds: Ground[];
  /** The one ground asked for (lower case), else every ground. */
  groundId: string | undefined;
  /** The season asked for, by the user's start, else every season. */
  season: Season | undefined;
  groundName(groundId: string): string;
  /** A download's file name: `sightings.csv`, `sightings-2026-27.csv`. */
  fileName(kind: string): string;
}

/** A ground named in the query must be one of the caller's own: another's is answered as not found. */
export async function seasonScopeOf(
  readModel: ManagementReadModel,
  userId: string,
  query: { season?: SeasonKey | undefined; ground?: string | undefined },
): Promise<SeasonScope> {
  const groundId = query.ground?.toLowerCase();
  const [grounds, start] = await Promise.all([readModel.listGrounds(userId), readModel.seasonStart(userId)]);
  if (groundId !== undefined && !grounds.some((ground) => ground.id === groundId)) throw groundNotFound();
  const season =
    query.season === undefined ? undefined : seasonOfKey(query.season, start ?? DEFAULT_SEASON_START);
  const names = new Map(grounds.map((ground) => [ground.id, ground.name]));
  return {
    userId,
    grounds,
    groundId,
    season,
    groundName: (id) => names.get(id) ?? '',
    fileName: (kind) => `${kind}${season === undefined ? '' : `-${season.key}`}.csv`,
  };
}
