import type { Db } from 'mongodb';
import type { MongoTx } from '@cull-log/eventstore';
import { deleteSome, migrateMongo, type MongoMigration } from '@cull-log/storage-kit';
import { CULLS_COLLECTION, type CullDocument } from '../culls/read-model/mongo/documents';
import { READ_MODEL_STORES } from '../read-model/store-names';
import type { ImportsReadModel, StoredImport } from './imports-read-model';

export const IMPORTS_COLLECTION = 'imports';
export const IMPORT_RECORDS_COLLECTION = 'import_records';

type ImportDocument = Omit<StoredImport, 'id'> & { _id: string };

/** A record an import wrote: `_id` is `<import id>/<record id>`. */
interface ImportRecordDocument {
  _id: string;
  import_id: string;
  record_id: string;
  version: number;
}

/** The imports' collections and indexes, step by step; every step is safe to run twice. */
export const MONGO_IMPORTS_MIGRATIONS: readonly MongoMigration[] = [
  {
    version: 1,
    does: "each user's imports newest first, previews by expiry, and the records each import wrote",
    async up(db) {
      await db.collection(IMPORTS_COLLECTION).createIndexes([
        { key: { user_id: 1, created_at: -1, _id: -1 }, name: 'imports_by_user' },
        {
          key: { expires_at: 1 },
          name: 'imports_previews_by_expiry',
          partialFilterExpression: { status: 'previewed' },
        },
      ]);
      await db
        .collection(IMPORT_RECORDS_COLLECTION)
        .createIndex({ import_id: 1, record_id: 1 }, { name: 'import_records_by_import' });
    },
  },
];

function fromDocument({ _id, ...rest }: ImportDocument): StoredImport {
  return { id: _id, ...rest };
}

/** Record ids read against the records at a time. */
const ID_CHUNK = 1000;

/** The imports in the event store's MongoDB database, beside the records they are matched against. */
export async function openMongoImportsReadModel(db: Db): Promise<ImportsReadModel<MongoTx>> {
  await migrateMongo(db, READ_MODEL_STORES.imports, MONGO_IMPORTS_MIGRATIONS);
  const imports = db.collection<ImportDocument>(IMPORTS_COLLECTION);
  const importRecords = db.collection<ImportRecordDocument>(IMPORT_RECORDS_COLLECTION);
  const culls = db.collection<CullDocument>(CULLS_COLLECTION);

  /** The current versions of these records (absent: deleted). */
  async function versionsNow(ids: readonly string[]): Promise<Map<string, number>> {
    const versions = new Map<string, number>();
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const found = await culls
        .find({ _id: { $in: ids.slice(start, start + ID_CHUNK) } }, { projection: { version: 1 } })
        .toArray();
      for (const record of found) versions.set(record._id, record.version);
    }
    return versions;
  }

  async function importedRecords(importId: string, after: string, limit: number) {
    const page = await importRecords
      .find({ import_id: importId, record_id: { $gt: after } })
      .sort({ record_id: 1 })
      .limit(limit)
      .toArray();
    const now = await versionsNow(page.map((record) => record.record_id));
    return page.map(({ record_id, version }) => ({
      record_id,
      version,
      version_now: now.get(record_id) ?? null,
    }));
  }

  return {
    importedRecords,
    async create({ id, ...rest }) {
      await imports.insertOne({ _id: id, ...rest });
    },
    async get(userId, id) {
      const found = await imports.findOne({ _id: id, user_id: userId });
      return found === null ? undefined : fromDocument(found);
    },
    async list(userId) {
      const found = await imports.find({ user_id: userId }).sort({ created_at: -1, _id: -1 }).toArray();
      return found.map(fromDocument);
    },
    async claim(userId, id, now, staleBefore) {
      const { modifiedCount } = await imports.updateOne(
        {
          _id: id,
          user_id: userId,
          $or: [
            { status: 'previewed', expires_at: { $gt: now } },
            { status: 'importing', claimed_at: { $lt: staleBefore } },
          ],
        },
        { $set: { status: 'importing', claimed_at: now } },
      );
      return modifiedCount === 1;
    },
    async noteImported({ session }, importId, records, at) {
      if (records.length === 0) return;
      await importRecords.bulkWrite(
        records.map((record) => ({
          replaceOne: {
            filter: { _id: `${importId}/${record.record_id}` },
            replacement: { import_id: importId, record_id: record.record_id, version: record.version },
            upsert: true,
          },
        })),
        { session },
      );
      await imports.updateOne(
        { _id: importId },
        { $inc: { imported: records.length }, $set: { claimed_at: at } },
        { session },
      );
    },
    async noteSkipped(importId, skipped) {
      if (skipped > 0) await imports.updateOne({ _id: importId }, { $inc: { skipped_duplicates: skipped } });
    },
    async finish(importId, at) {
      await imports.updateOne({ _id: importId }, { $set: { status: 'imported', imported_at: at } });
    },
    async release(importId) {
      await imports.updateOne({ _id: importId, status: 'importing' }, { $set: { status: 'previewed' } });
    },
    async changedSince(importId) {
      let changed = 0;
      for (let after = ''; ;) {
        const page = await importedRecords(importId, after, ID_CHUNK);
        changed += page.filter(
          (record) => record.version_now !== null && record.version_now !== record.version,
        ).length;
        if (page.length < ID_CHUNK) return changed;
        after = page[page.length - 1]!.record_id;
      }
    },
    async markUndone(importId) {
      await imports.updateOne({ _id: importId }, { $set: { status: 'undone' } });
    },
    async forgetFile(importId) {
      await imports.updateOne({ _id: importId }, { $set: { blob_key: null } });
    },
    async expired(now, limit) {
      const found = await imports
        .find(
          { status: 'previewed', expires_at: { $lte: now } },
          { projection: { blob_key: 1, imported: 1 } },
        )
        .sort({ expires_at: 1 })
        .limit(limit)
        .toArray();
      return found.map((entry) => ({ id: entry._id, blob_key: entry.blob_key, imported: entry.imported }));
    },
    async remove(ids) {
      await importRecords.deleteMany({ import_id: { $in: [...ids] } });
      await imports.deleteMany({ _id: { $in: [...ids] } });
    },
    async onDates(userId, dates) {
      if (dates.length === 0) return [];
      const found = await culls
        .find(
          { user_id: userId, date: { $in: [...dates] } },
          {
            projection: { _id: 0, date: 1, time: 1, species: 1, sex: 1, location_name: 1, carcass_tag: 1 },
          },
        )
        .toArray();
      return found.map(({ date, time, species, sex, location_name, carcass_tag }) => ({
        date,
        time,
        species,
        sex,
        location_name,
        ...(carcass_tag === undefined ? {} : { carcass_tag }),
      }));
    },
    async eraseUser({ session }, userId, limit) {
      const ids = await imports.distinct('_id', { user_id: userId }, { session });
      const records = await deleteSome(importRecords, { import_id: { $in: ids } }, limit, session);
      if (records >= limit) return records;
      return records + (await deleteSome(imports, { user_id: userId }, limit - records, session));
    },
    async forgetRecords({ session }, userId, recordIds) {
      if (recordIds.length === 0) return;
      const ids = await imports.distinct('_id', { user_id: userId }, { session });
      if (ids.length === 0) return;
      await importRecords.deleteMany(
        { import_id: { $in: ids }, record_id: { $in: [...recordIds] } },
        { session },
      );
    },
  };
}
