import { connectMongoProjection, followsEverything, type MongoTarget } from '@cull-log/projection';
import type { ExportStore } from '../export-store';
import { declarationRegister } from './declarations';
import { exportCollections } from './documents';
import { uncountErasedCarcasses } from './erasure';
import { exportQueries } from './queries';
import { removeRetainedRecords } from './retention';
import { MONGO_EXPORT_MIGRATIONS } from './schema';
import { exportWrites } from './writes';

/** The export projection in MongoDB (a replica set: every event is applied in one transaction). */
export async function connectMongoExportStore(target: MongoTarget): Promise<ExportStore> {
  const projection = await connectMongoProjection({
    ...target,
    name: 'exports',
    migrations: MONGO_EXPORT_MIGRATIONS,
    // Not `exports_declarations`: the numbers issued are not derived from the log, and a rebuild must keep them.
    readModelCollections: [
      'exports_culls',
      'exports_larder',
      'exports_larder_months',
      'exports_ground_names',
      'exports_settings',
      'exports_member_links',
      // Owned by the teams' owner ids: a member's erasure leaves who is in the team to the team's own events.
      'exports_team_members',
      'exports_outings',
    ],
    // The declaration register outlives a rebuild, not the user: erasing their account deletes their numbers.
    userCollections: ['exports_declarations'],
    unownedCollections: ['exports_larder_ground_months'],
    // A team keeps the facts of its members' culls on its grounds.
    beforeErase: uncountErasedCarcasses,
  });
  const collections = exportCollections(projection.db);

  return {
    ...projection.projectionStore(exportWrites(collections), followsEverything),
    ...exportQueries(collections),
    ...declarationRegister(projection.client, collections),
    removeRecords: removeRetainedRecords(projection.client, collections),
  };
}
