import { randomUUID } from 'node:crypto';
import { afterAll, describe } from 'vitest';
import { openMongoBlobStore } from '@cull-log/blobstore';
import { connectMongoEventStore } from '@cull-log/eventstore';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { openMongoReadModel } from './read-model/mongo-cull-read-model';
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

const target = await mongoTestTarget('records API on MongoDB');

afterAll(async () => {
  await target?.stop();
});

describe.skipIf(target === undefined)('MongoDB backend', () => {
  const openBackend = async () => {
    const store = await connectMongoEventStore({ url: target!.url, dbName: `records-test-${randomUUID()}` });
    const readModel = await openMongoReadModel({ db: store.db });
    return {
      store,
      readModel,
      blobs: openMongoBlobStore({ db: store.db }),
      async close() {
        await store.db.dropDatabase();
        await store.close();
      },
    };
  };
  describeRecordsApi('MongoDB', openBackend);
  describeCarcassApi('MongoDB', openBackend);
  describeAccountApi('MongoDB', openBackend);
  describePhotosApi('MongoDB', openBackend);
  describeGroundsApi('MongoDB', openBackend);
  describeRetentionApi('MongoDB', openBackend);
  describeCountsApi('MongoDB', openBackend);
  describeSavedDeerValuesApi('MongoDB', openBackend);
  describeDeerManagementCsvApi('MongoDB', openBackend);
  describeSeasonFiguresApi('MongoDB', openBackend);
  describeGroundTrendsApi('MongoDB', openBackend);
  describeTeamsApi('MongoDB', openBackend);
  describeTeamCountsApi('MongoDB', openBackend);
  describeListFiltersApi('MongoDB', openBackend);
  describeImportsApi('MongoDB', openBackend);
});
