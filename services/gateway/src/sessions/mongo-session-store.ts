import { MongoClient } from 'mongodb';
import type { SessionStore, StoredSession } from './session-store';
import { isMongoOutage, migrateMongo, reportingOutages } from '@cull-log/storage-kit';
import { mongoSessionMigrations } from './session-schema';

export interface MongoSessionStoreOptions {
  url: string;
  /** Database of the gateway's own data; no other service reads it. */
  dbName: string;
  collectionName?: string;
}

interface SessionDocument {
  _id: string;
  uid: string;
  display_name: string | null;
  email: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  /** Absent on sessions written before sessions were listed. */
  user_agent?: string | null;
  /** Absent on sessions written before the account's erasure asked the user to sign in again. */
  reauthenticated_at?: Date | null;
  /** Absent on sessions written before accounts unused for two years were erased after a notice. */
  inactivity_notice?: { due_at: Date; erase_at: Date } | null;
}

/** Sessions in MongoDB, shared by every gateway replica; a TTL index purges expired ones on its own. */
export async function connectMongoSessionStore({
  url,
  dbName,
  collectionName = 'sessions',
}: MongoSessionStoreOptions): Promise<SessionStore> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(dbName);
  // Majority writes: a logout acknowledged by one replica set member must not roll back on failover.
  const sessions = db.collection<SessionDocument>(collectionName, { writeConcern: { w: 'majority' } });
  await migrateMongo(db, collectionName, mongoSessionMigrations(collectionName));

  return reportingOutages<SessionStore>(
    {
      async create(session) {
        await sessions.insertOne(toDocument(session));
      },
      async find(idHash) {
        const document = await sessions.findOne({ _id: idHash });
        return document === null ? undefined : fromDocument(document);
      },
      async listByUser(uid) {
        return (await sessions.find({ uid }).toArray()).map(fromDocument);
      },
      async touch(idHash, lastSeenAt, expiresAt) {
        await sessions.updateOne(
          { _id: idHash },
          { $set: { last_seen_at: lastSeenAt, expires_at: expiresAt } },
        );
      },
      async destroy(idHash) {
        await sessions.deleteOne({ _id: idHash });
      },
      async destroyAllOfUser(uid) {
        return (await sessions.deleteMany({ uid })).deletedCount;
      },
      async destroyExpired(now) {
        const result = await sessions.deleteMany({ expires_at: { $lte: now } });
        return result.deletedCount;
      },
      async ping() {
        await db.command({ ping: 1 });
      },
      async close() {
        await client.close();
      },
    },
    isMongoOutage,
  );
}

function toDocument(session: StoredSession): SessionDocument {
  return {
    _id: session.idHash,
    uid: session.user.uid,
    display_name: session.user.display_name,
    email: session.user.email,
    created_at: session.createdAt,
    last_seen_at: session.lastSeenAt,
    expires_at: session.expiresAt,
    user_agent: session.userAgent,
    reauthenticated_at: session.reauthenticatedAt,
    inactivity_notice:
      session.inactivityNotice === null
        ? null
        : { due_at: session.inactivityNotice.dueAt, erase_at: session.inactivityNotice.eraseAt },
  };
}

function fromDocument(document: SessionDocument): StoredSession {
  return {
    idHash: document._id,
    user: { uid: document.uid, display_name: document.display_name, email: document.email },
    createdAt: document.created_at,
    lastSeenAt: document.last_seen_at,
    expiresAt: document.expires_at,
    userAgent: document.user_agent ?? null,
    reauthenticatedAt: document.reauthenticated_at ?? null,
    inactivityNotice:
      document.inactivity_notice === undefined || document.inactivity_notice === null
        ? null
        : { dueAt: document.inactivity_notice.due_at, eraseAt: document.inactivity_notice.erase_at },
  };
}
