import type { ClientSession, Collection, Document, Filter } from 'mongodb';

/**
 * Deletes at most `limit` of the documents matching `filter` (in `session`'s transaction when given): a batch of an
 * erasure. Answers how many it found to delete, fewer than `limit` only when none is left.
 */
export async function deleteSome<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T>,
  limit: number,
  session?: ClientSession,
): Promise<number> {
  const found = await collection
    .find(filter, { projection: { _id: 1 }, limit, ...(session === undefined ? {} : { session }) })
    .toArray();
  if (found.length === 0) return 0;
  await collection.deleteMany({ _id: { $in: found.map((document) => document._id) } } as Filter<T>, {
    ...(session === undefined ? {} : { session }),
  });
  return found.length;
}
