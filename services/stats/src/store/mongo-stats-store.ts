import type { ClientSession } from 'mongodb';
import type { StoredEvent } from '@cull-log/contracts';
import { connectMongoProjection } from '@cull-log/projection';
import { nextFacts } from './cull-facts';
import { nestCounts } from './nest-counts';
import type { CullFacts, StatsAggregates, StatsStore, StatsWindow } from './stats-store';

interface CullDocument extends CullFacts {
  _id: string;
}

interface FacetResult {
  totals: { total: number; weightGrams: number; weighed: number }[];
  species: { _id: string; count: number }[];
  months: { _id: string; count: number }[];
  season: { _id: { species: string; sex: string }; count: number }[];
}

/** The stats projection in MongoDB (a replica set: every event is applied in one transaction). */
export async function connectMongoStatsStore({
  url,
  dbName,
}: {
  url: string;
  dbName: string;
}): Promise<StatsStore> {
  const projection = await connectMongoProjection({
    url,
    dbName,
    name: 'stats',
    readModelCollections: ['stats_culls'],
  });
  const { client, readPosition } = projection;
  const culls = projection.db.collection<CullDocument>('stats_culls');
  await culls.createIndex({ userId: 1, date: 1 });

  async function writeFacts(event: StoredEvent, session: ClientSession): Promise<void> {
    const current = await culls.findOne({ _id: event.streamId }, { session });
    const next = nextFacts(current ? withoutId(current) : undefined, event);
    if (next === undefined) await culls.deleteOne({ _id: event.streamId }, { session });
    else await culls.replaceOne({ _id: event.streamId }, next, { upsert: true, session });
  }

  return {
    ...projection.projectionStore(writeFacts),
    async aggregates(window: StatsWindow): Promise<StatsAggregates> {
      const { userId, months, season } = window;
      const session = client.startSession({ snapshot: true });
      try {
        const [facets] = await culls
          .aggregate<FacetResult>(
            [
              { $match: { userId } },
              {
                $facet: {
                  totals: [
                    {
                      $group: {
                        _id: null,
                        total: { $sum: 1 },
                        weightGrams: { $sum: '$weightGrams' },
                        weighed: { $sum: { $cond: [{ $isNumber: '$weightGrams' }, 1, 0] } },
                      },
                    },
                  ],
                  species: [{ $group: { _id: '$species', count: { $sum: 1 } } }],
                  months: [
                    { $project: { month: { $substrBytes: ['$date', 0, 7] } } },
                    { $match: { month: { $in: [...months] } } },
                    { $group: { _id: '$month', count: { $sum: 1 } } },
                  ],
                  season: [
                    { $match: { date: { $gte: season.from, $lte: season.to } } },
                    { $group: { _id: { species: '$species', sex: '$sex' }, count: { $sum: 1 } } },
                  ],
                },
              },
            ],
            { session },
          )
          .toArray();
        const totals = facets?.totals[0];
        return {
          total: totals?.total ?? 0,
          weightGrams: totals?.weightGrams ?? 0,
          weighed: totals?.weighed ?? 0,
          speciesCounts: Object.fromEntries((facets?.species ?? []).map(({ _id, count }) => [_id, count])),
          perMonth: Object.fromEntries((facets?.months ?? []).map(({ _id, count }) => [_id, count])),
          seasonSpeciesBySex: nestCounts(
            (facets?.season ?? []).map(({ _id, count }) => ({ species: _id.species, sex: _id.sex, count })),
          ),
          position: await readPosition(session),
        };
      } finally {
        await session.endSession();
      }
    },
  };
}

function withoutId({ _id: _ignored, ...facts }: CullDocument): CullFacts {
  return facts;
}
