import { followsEverything, openSqliteProjection } from '@cull-log/projection';
import type { ExportStore } from '../export-store';
import { declarationRegister } from './declarations';
import { uncountErasedCarcasses } from './erasure';
import { exportQueries } from './queries';
import { removeRetainedRecords } from './retention';
import { SQLITE_EXPORT_MIGRATIONS } from './schema';
import { exportWrites } from './writes';

/** The export projection in a SQLite file (DATA_DIR/exports.db in the standalone app). */
export function openSqliteExportStore({ file }: { file: string }): ExportStore {
  const projection = openSqliteProjection({
    file,
    name: 'exports',
    migrations: SQLITE_EXPORT_MIGRATIONS,
    // Not `declarations`: the numbers issued are not derived from the log, and a rebuild must keep them.
    readModelTables: [
      'culls',
      'larder',
      'larder_months',
      'ground_names',
      'user_settings',
      'member_links',
      // Owned by the teams' owner ids: a member's erasure leaves who is in the team to the team's own events.
      'team_members',
      'outings',
    ],
    // The declaration register outlives a rebuild, not the user: erasing their account deletes their numbers.
    userTables: ['declarations'],
    unownedTables: ['larder_ground_months'],
    // The erased carcasses leave their grounds' counts (a function of the file, bound once it is open).
    beforeErase: (userId, limit) => uncountErased(userId, limit),
  });
  const { db } = projection;
  const uncountErased = uncountErasedCarcasses(db);
  const removeRetained = removeRetainedRecords(db);

  return {
    ...projection.projectionStore(exportWrites(db), followsEverything),
    async removeRecords(userId, recordIds) {
      return removeRetained(userId, recordIds);
    },
    ...exportQueries(db, file),
    ...declarationRegister(db),
  };
}
