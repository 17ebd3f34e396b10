import type { IndexDescription } from 'mongodb';
import type { MongoMigration } from '@cull-log/storage-kit';

/**
 * A MongoDB step that builds one index of a collection. createIndex leaves an index already built as it is, so the
 * step is safe to run twice, as every MongoDB step must be.
 */
export function indexStep(
  version: number,
  does: string,
  collection: string,
  { key, ...options }: IndexDescription,
): MongoMigration {
  return {
    version,
    does,
    async up(db) {
      await db.collection(collection).createIndex(key, options);
    },
  };
}
