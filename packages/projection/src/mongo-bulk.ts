import type { AnyBulkWriteOperation, Document, Filter, WithoutId } from 'mongodb';

/**
 * The bulk writes that leave each document as a batch left its row, by id: replaced (inserted when new) by the
 * row's document, or deleted where the row is gone (undefined).
 */
export function replaceOrDelete<T extends Document & { _id: string }>(
  rows: Iterable<readonly [string, WithoutId<T> | undefined]>,
): AnyBulkWriteOperation<T>[] {
  return [...rows].map(([id, next]) => {
    const filter = { _id: id } as Filter<T>;
    return next === undefined
      ? { deleteOne: { filter } }
      : { replaceOne: { filter, replacement: next, upsert: true } };
  });
}
