import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { DeerManagementCsvQuery } from '@cull-log/contracts';
import {
  countsCsvHeader,
  countsCsvRows,
  csvChunks,
  groundAreaKm2,
  inSeason,
  outingDate,
  sightingsCsvHeader,
  sightingsCsvRows,
  toCount,
} from '@cull-log/domain';
import { countStateOf } from '../counts/stored-count';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { seasonScopeOf } from './season-scope';

/** Sends CSV lines as a download named `name`, streamed in chunks as the other CSV downloads are. */
function sendCsv(reply: FastifyReply, name: string, header: string, lines: Iterable<string[]>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(
      Readable.from(
        csvChunks(header, lines, (line) => line),
        { objectMode: false },
      ),
    );
}

/**
 * GET /sightings.csv and GET /counts.csv: the caller's own outings with what was seen on them, and their counts, as
 * CSV, each optionally of one season (`?season=`, by the user's start) and one ground (`?ground=`).
 */
export const deerManagementCsvRoutes: FastifyPluginAsync<{ readModel: ManagementReadModel }> = async (
  app,
  { readModel },
) => {
  app.get('/sightings.csv', async (request, reply) => {
    const query = DeerManagementCsvQuery.parse(request.query);
    const scope = await seasonScopeOf(readModel, request.identity.uid, query);
    const outings = (await readModel.listOutings(scope.userId)).filter(
      (outing) =>
        (scope.groundId === undefined || outing.ground_id === scope.groundId) &&
        (scope.season === undefined || inSeason(outingDate(outing), scope.season)),
    );
    // Oldest first, as a diary reads.
    outings.reverse();
    const lines = outings.flatMap((outing) => sightingsCsvRows(outing, scope.groundName(outing.ground_id)));
    return sendCsv(reply, scope.fileName('sightings'), sightingsCsvHeader, lines);
  });

  app.get('/counts.csv', async (request, reply) => {
    const query = DeerManagementCsvQuery.parse(request.query);
    const scope = await seasonScopeOf(readModel, request.identity.uid, query);
    const counts = (await readModel.listCounts(scope.userId, scope.groundId)).filter(
      (count) => scope.season === undefined || inSeason(count.date, scope.season),
    );
    counts.reverse();
    const areas = new Map(scope.grounds.map((ground) => [ground.id, groundAreaKm2(ground.boundary)]));
    const lines = counts.flatMap((stored) =>
      countsCsvRows(
        toCount(countStateOf(stored), stored.id, areas.get(stored.ground_id))!,
        scope.groundName(stored.ground_id),
      ),
    );
    return sendCsv(reply, scope.fileName('counts'), countsCsvHeader, lines);
  });
};
