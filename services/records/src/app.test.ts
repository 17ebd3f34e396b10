import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { describeAccountApi } from './testing/account-api-suite';
import { describeCarcassApi } from './testing/carcass-api-suite';
import { describeCountsApi } from './testing/counts-api-suite';
import { describeDeerManagementCsvApi } from './testing/deer-management-csv-api-suite';
import { describeGroundTrendsApi } from './testing/ground-trends-api-suite';
import { describeGroundsApi } from './testing/grounds-api-suite';
import { describeImportsApi } from './testing/imports-api-suite';
import { describeListFiltersApi } from './testing/list-filters-api-suite';
import { describePhotosApi } from './testing/photos-api-suite';
import { describeRecordsApi } from './testing/records-api-suite';
import { describeSavedDeerValuesApi } from './testing/saved-deer-values-api-suite';
import { describeSeasonFiguresApi } from './testing/season-figures-api-suite';
import { describeRetentionApi } from './testing/retention-api-suite';
import { describeTeamCountsApi } from './testing/team-counts-api-suite';
import { describeTeamsApi } from './testing/teams-api-suite';
import { ALICE, createHarness, cullBody, openSqliteBackend } from './testing/records-harness';

describeRecordsApi('the embedded SQLite store', async () => openSqliteBackend());
describeCarcassApi('the embedded SQLite store', async () => openSqliteBackend());
describeAccountApi('the embedded SQLite store', async () => openSqliteBackend());
describePhotosApi('the embedded SQLite store', async () => openSqliteBackend());
describeGroundsApi('the embedded SQLite store', async () => openSqliteBackend());
describeCountsApi('the embedded SQLite store', async () => openSqliteBackend());
describeSavedDeerValuesApi('the embedded SQLite store', async () => openSqliteBackend());
describeDeerManagementCsvApi('the embedded SQLite store', async () => openSqliteBackend());
describeSeasonFiguresApi('the embedded SQLite store', async () => openSqliteBackend());
describeGroundTrendsApi('the embedded SQLite store', async () => openSqliteBackend());
describeTeamsApi('the embedded SQLite store', async () => openSqliteBackend());
describeTeamCountsApi('the embedded SQLite store', async () => openSqliteBackend());
describeListFiltersApi('the embedded SQLite store', async () => openSqliteBackend());
describeImportsApi('the embedded SQLite store', async () => openSqliteBackend());
describeRetentionApi('the embedded SQLite store', async () => openSqliteBackend());

describe('records logs', () => {
  const backend = openSqliteBackend();

  afterEach(async () => {
    await backend.close();
  });

  it('name the request and the user on every line, and never the record contents', async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const harness = createHarness({ backend, logDestination: destination });
    const body = cullBody({ location_name: 'Secret Spinney', notes: 'private note' });
    const created = await harness.call(ALICE, 'POST', '/culls', body, { 'x-request-id': 'request-1' });
    await harness.call(ALICE, 'PATCH', `/culls/${created.json().id}`, { notes: 'another private note' });
    await harness.call(ALICE, 'POST', '/culls', { ...body, weight: 'lots' });
    await harness.call(ALICE, 'GET', '/culls?q=spinney');
    await harness.app.close();

    const requestLines = lines.filter((line) => line.requestId !== undefined);
    expect(requestLines.length).toBeGreaterThan(4);
    expect(requestLines.every((line) => line.userId === ALICE.uid)).toBe(true);
    expect(requestLines.some((line) => line.requestId === 'request-1' && line.msg === 'cull recorded')).toBe(
      true,
    );
    const everything = JSON.stringify(lines).toLowerCase();
    for (const secret of ['spinney', 'private note', 'lots', ALICE.email!]) {
      expect(everything).not.toContain(secret);
    }
  });
});
