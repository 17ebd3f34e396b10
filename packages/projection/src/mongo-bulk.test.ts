import { describe, expect, it } from 'vitest';
import { replaceOrDelete } from './mongo-bulk';

describe('replaceOrDelete', () => {
  it('replaces, inserting when new, the documents of rows kept and deletes those of rows gone, in order', () => {
    const rows = new Map<string, { name: string } | undefined>([
      ['a', { name: 'Home Wood' }],
      ['b', undefined],
    ]);
    expect(replaceOrDelete<{ _id: string; name: string }>(rows)).toEqual([
      { replaceOne: { filter: { _id: 'a' }, replacement: { name: 'Home Wood' }, upsert: true } },
      { deleteOne: { filter: { _id: 'b' } } },
    ]);
  });
});
