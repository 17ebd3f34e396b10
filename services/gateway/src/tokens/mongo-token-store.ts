import { MongoClient } from 'mongodb';
import { isMongoOutage, migrateMongo, reportingOutages } from '@cull-log/storage-kit';
import { mongoTokenMigrations } from './token-schema';
import { scopeOf, type StoredToken, type TokenStore } from './token-store';

export interface MongoTokenStoreOptions {
  url: string;
  /** Database of the gateway's own data; no other service reads it. */
  dbName: string;
  collectionName?: string;
}

interface TokenDocument {
  _id: string;
  secret_hash: string;
  uid: string;
  display_name: string | null;
  email: string | null;
  name: string;
  scope: string;
  team: string | null;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Access tokens in MongoDB, shared by every gateway replica, so a revocation holds on each of them at once. */
export async function connectMongoTokenStore({
  url,
  dbName,
  collectionName = 'access_tokens',
}: MongoTokenStoreOptions): Promise<TokenStore> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(dbName);
  // Majority writes: a revocation acknowledged by one replica set member must not roll back on failover.
  const tokens = db.collection<TokenDocument>(collectionName, { writeConcern: { w: 'majority' } });
  await migrateMongo(db, collectionName, mongoTokenMigrations(collectionName));

  return reportingOutages<TokenStore>(
    {
      async create(token) {
        await tokens.insertOne(toDocument(token));
      },
      async findByHash(secretHash) {
        const document = await tokens.findOne({ secret_hash: secretHash });
        return document === null ? undefined : fromDocument(document);
      },
      async listByUser(uid) {
        return (await tokens.find({ uid }).toArray()).map(fromDocument);
      },
      async markUsed(id, at) {
        await tokens.updateOne({ _id: id }, { $set: { last_used_at: at } });
      },
      async revoke(uid, id, at) {
        const result = await tokens.updateOne(
          { _id: id, uid, revoked_at: null },
          { $set: { revoked_at: at } },
        );
        return result.modifiedCount > 0;
      },
      async destroyAllOfUser(uid) {
        return (await tokens.deleteMany({ uid })).deletedCount;
      },
      async destroyEndedBefore(before) {
        const result = await tokens.deleteMany({
          $or: [{ revoked_at: { $lte: before } }, { expires_at: { $lte: before } }],
        });
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

function toDocument(token: StoredToken): TokenDocument {
  return {
    _id: token.id,
    secret_hash: token.secretHash,
    uid: token.user.uid,
    display_name: token.user.display_name,
    email: token.user.email,
    name: token.name,
    scope: token.scope,
    team: token.team,
    created_at: token.createdAt,
    expires_at: token.expiresAt,
    last_used_at: token.lastUsedAt,
    revoked_at: token.revokedAt,
  };
}

function fromDocument(document: TokenDocument): StoredToken {
  return {
    id: document._id,
    user: { uid: document.uid, display_name: document.display_name, email: document.email },
    name: document.name,
    scope: scopeOf(document.scope),
    team: document.team,
    secretHash: document.secret_hash,
    createdAt: document.created_at,
    expiresAt: document.expires_at,
    lastUsedAt: document.last_used_at,
    revokedAt: document.revoked_at,
  };
}
