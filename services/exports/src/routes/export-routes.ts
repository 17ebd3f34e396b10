import { ExportQuery } from '@cull-log/contracts';
import { HIDDEN_FROM_VIEWERS, seasonOfKey, withoutFields } from '@cull-log/domain';
import type { ProjectionRoutes } from '@cull-log/projection';
import { csvStream, teamCsvStream } from '../csv-stream';
import type { ExportStore, TeamExportLine } from '../store/export-store';
import { teamReadOf } from './team-read';

const later = (a: string | undefined, b: string) => (a === undefined || a < b ? b : a);
const earlier = (a: string | undefined, b: string) => (a === undefined || a > b ? b : a);

/** A viewer (a landowner, an agent) never reads a member's notes. */
async function* forViewer(lines: AsyncIterable<TeamExportLine>): AsyncGenerator<TeamExportLine> {
  for await (const line of lines) yield { ...line, fields: withoutFields(line.fields, HIDDEN_FROM_VIEWERS) };
}

/**
 * The CSV export: the caller's culls, or with `?team=` those on the team's grounds (a guest's own among them) with
 * a "Culled by" column after the others.
 */
export const exportRoutes: ProjectionRoutes<ExportStore> = async (app, { store }) => {
  app.get('/exports/culls.csv', async (request, reply) => {
    const { team, query } = teamReadOf(request);
    const { season: key, ...filter } = ExportQuery.parse(query);
    const userId = request.identity.uid;
    // A season is its dates by the user's start, within `from` and `to` when those are given too.
    if (key !== undefined) {
      const season = seasonOfKey(key, await store.seasonStart(userId));
      filter.from = later(filter.from, season.from);
      filter.to = earlier(filter.to, season.to);
    }
    let body;
    if (team === undefined) body = csvStream(store.rows(userId, filter));
    else {
      const lines = store.teamRows(team.scope, filter);
      body = teamCsvStream(team.role === 'viewer' ? forViewer(lines) : lines);
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="culls.csv"')
      .header('cache-control', 'no-store')
      .send(body);
  });
};
