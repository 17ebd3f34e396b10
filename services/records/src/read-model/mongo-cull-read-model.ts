import type { Db } from 'mongodb';
import { isCullStreamEvent, type StoredLogEvent } from '@cull-log/contracts';
import type { MongoTx } from '@cull-log/eventstore';
import { isMongoOutage, migrateMongo, reportingOutages } from '@cull-log/storage-kit';
import { CULLS_COLLECTION, type CullDocument } from '../culls/read-model/mongo/documents';
import { openMongoCullQueries, type GroundNameDocument } from '../culls/read-model/mongo/queries';
import { GROUNDS_COLLECTION } from '../grounds/mongo-grounds-read-model';
import { MONGO_CULL_MIGRATIONS } from '../culls/read-model/mongo/schema';
import {
  applyCullToMongo,
  applyKeptCullsToMongo,
  eraseCullsFromMongo,
  eraseRecordsFromMongo,
  groundRecordsFollow,
} from '../culls/read-model/mongo/writes';
import { isKeptCulls, isKeptCullsRemoved } from './management-events';
import type { CullReadModel } from './cull-read-model';
import {
  applyManagementToMongo,
  eraseManagementFromMongo,
  openMongoManagementReadModel,
} from './mongo-management-read-model';
import { READ_MODEL_STORES } from './store-names';
import { openMongoImportsReadModel } from '../imports/mongo-imports-read-model';

export interface MongoReadModelOptions {
  /** The Mongo event store's database: the collection lives beside the log so one transaction covers both. */
  db: Db;
}

export type MongoCullReadModel = CullReadModel<MongoTx>;

/**
 * Reads and writes the records, grounds, outings, settings and plans in the given database, once each part's steps
 * not yet run (indexes and repairs) have run.
 */
export async function openMongoReadModel({
  db: database,
}: MongoReadModelOptions): Promise<MongoCullReadModel> {
  await migrateMongo(database, READ_MODEL_STORES.culls, MONGO_CULL_MIGRATIONS);
  const management = await openMongoManagementReadModel(database, CULLS_COLLECTION);
  const imports = reportingOutages(await openMongoImportsReadModel(database), isMongoOutage);

  return reportingOutages<MongoCullReadModel>(
    {
      ...management,
      imports,
      ...openMongoCullQueries(
        database.collection<CullDocument>(CULLS_COLLECTION),
        database.collection<GroundNameDocument>(GROUNDS_COLLECTION),
      ),
      async apply({ db, session }, events: readonly StoredLogEvent[]) {
        for (const event of events) {
          // Grounds, outings, settings and plans are not records: their own collections follow them.
          if (isCullStreamEvent(event)) await applyCullToMongo(db, session, event);
          else await applyManagementToMongo(db, session, event, groundRecordsFollow);
          // A team's kept culls are its records too.
          if (isKeptCulls(event)) await applyKeptCullsToMongo(db, session, event);
          if (isKeptCullsRemoved(event))
            await eraseRecordsFromMongo(db, session, event.userId, event.data.ids);
        }
      },
      async eraseUser({ db, session }, userId, limit) {
        let erased = await eraseCullsFromMongo(db, session, userId, limit);
        if (erased < limit) erased += await eraseManagementFromMongo(db, session, userId, limit - erased);
        if (erased < limit) erased += await imports.eraseUser({ db, session }, userId, limit - erased);
        return erased;
      },
      async eraseRecords({ db, session }, userId, recordIds) {
        await eraseRecordsFromMongo(db, session, userId, recordIds);
        await imports.forgetRecords({ db, session }, userId, recordIds);
      },
    },
    isMongoOutage,
  );
}
