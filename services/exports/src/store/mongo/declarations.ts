import { MongoServerError, type MongoClient } from 'mongodb';
import type { DeclarationRegister, IssuedDeclaration } from '../export-store';
import type { ExportCollections } from './documents';

/** How often issuing a number is tried when concurrent requests for the same user keep taking it first. */
const DECLARATION_ATTEMPTS = 5;

/** The declaration register in MongoDB: each number is issued in a transaction of its own. */
export function declarationRegister(
  client: MongoClient,
  { declarations }: ExportCollections,
): DeclarationRegister {
  async function issue(
    userId: string,
    key: string,
    recordIds: readonly string[],
    dealer: string,
    now: Date,
  ): Promise<IssuedDeclaration> {
    const session = client.startSession();
    try {
      // In one transaction: two requests for the same new declaration conflict, and the one retried finds the other's.
      return await session.withTransaction(async () => {
        const issued = await declarations.findOne({ userId, key }, { session });
        if (issued !== null) return { number: issued.number, issuedAt: issued.issuedAt };
        const last = await declarations.findOne({ userId }, { session, sort: { number: -1 } });
        const number = (last?.number ?? 0) + 1;
        const issuedAt = now.toISOString();
        await declarations.insertOne(
          {
            _id: `${userId}\u0000${number}`,
            userId,
            number,
            key,
            recordIds: [...recordIds],
            dealer,
            issuedAt,
          },
          { session },
        );
        return { number, issuedAt };
      });
    } finally {
      await session.endSession();
    }
  }

  return {
    async declaration(userId, key, { recordIds, dealer, now }) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await issue(userId, key, recordIds, dealer, now);
        } catch (error) {
          // Another request took this key or the next number first: asked again, the register answers its number
          // or the one after.
          const taken = error instanceof MongoServerError && error.code === 11000;
          if (!taken || attempt === DECLARATION_ATTEMPTS) throw error;
        }
      }
    },
    async issuedDeclaration(userId, key) {
      const issued = await declarations.findOne({ userId, key });
      return issued === null ? undefined : { number: issued.number, issuedAt: issued.issuedAt };
    },
    async declarationsOf(userId) {
      const issued = await declarations.find({ userId }, { sort: { number: 1 } }).toArray();
      return issued.map(({ number, issuedAt, dealer, recordIds }) => ({
        number,
        issued_at: issuedAt,
        dealer,
        record_ids: recordIds,
      }));
    },
  };
}
