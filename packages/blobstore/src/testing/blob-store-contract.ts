import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError, type BlobStore } from '../blob-store';

export interface BlobStoreLocation {
  /** Opens the store at this location; called again to reopen it. */
  open: () => Promise<BlobStore>;
  /** Removes everything at the location. */
  remove: () => Promise<void>;
}

/** What every blob store does, run against each adapter: a fresh location per test. */
export function blobStoreContract(
  name: string,
  newLocation: () => Promise<BlobStoreLocation>,
  { skip = false }: { skip?: boolean } = {},
): void {
  describe.skipIf(skip)(`${name} (blob store contract)`, () => {
    let location: BlobStoreLocation;
    let store: BlobStore;

    beforeEach(async () => {
      location = await newLocation();
      store = await location.open();
    });

    afterEach(async () => {
      await store.close();
      await location.remove();
    });

    it('gives back exactly the bytes put, and nothing for a key never put', async () => {
      const bytes = randomBytes(70_000);
      await store.put('photos/cull-1/a1', bytes);
      expect(await store.get('photos/cull-1/a1')).toEqual(bytes);
      expect(await store.get('photos/cull-1/b2')).toBeUndefined();
      expect(await store.get('photos/cull-2/a1')).toBeUndefined();
    });

    it('keeps an empty blob and one of several megabytes, and keys that differ by a suffix apart', async () => {
      const large = randomBytes(5 * 1024 * 1024 + 17);
      await store.put('photos/cull-1/a1', large);
      await store.put('photos/cull-1/a1-thumb', new Uint8Array(0));
      expect((await store.get('photos/cull-1/a1'))?.equals(large)).toBe(true);
      expect(await store.get('photos/cull-1/a1-thumb')).toEqual(Buffer.alloc(0));
    });

    it('keeps what a stream yields, chunk by chunk, and gives it back as a stream', async () => {
      const chunks = Array.from({ length: 40 }, () => randomBytes(64 * 1024 + 3));
      await store.putStream(
        'imports/file-1',
        (async function* () {
          yield* chunks;
        })(),
      );
      const whole = Buffer.concat(chunks);
      expect((await store.get('imports/file-1'))?.equals(whole)).toBe(true);
      const streamed = await store.getStream('imports/file-1');
      const read: Buffer[] = [];
      for await (const chunk of streamed ?? []) read.push(chunk);
      expect(Buffer.concat(read).equals(whole)).toBe(true);
      expect(await store.getStream('imports/file-2')).toBeUndefined();
    });

    it('a stream that fails part-way keeps nothing, and leaves the bytes before it', async () => {
      await store.put('imports/kept', Buffer.from('before'));
      const failing = (async function* () {
        yield Buffer.from('part of a file');
        throw new Error('the upload was cut off');
      })();
      await expect(store.putStream('imports/kept', failing)).rejects.toThrow('cut off');
      await expect(
        store.putStream(
          'imports/new',
          (async function* () {
            yield Buffer.from('part');
            throw new Error('cut off');
          })(),
        ),
      ).rejects.toThrow('cut off');
      expect((await store.get('imports/kept'))?.toString()).toBe('before');
      expect(await store.get('imports/new')).toBeUndefined();
    });

    it('a second put replaces the first', async () => {
      await store.put('k', Buffer.from('first'));
      await store.put('k', Buffer.from('second'));
      expect((await store.get('k'))?.toString()).toBe('second');
    });

    it('puts of one key at once leave one of them whole', async () => {
      const values = Array.from({ length: 5 }, (_, index) => Buffer.alloc(300_000, index + 1));
      await Promise.all(values.map((value) => store.put('raced', value)));
      const kept = await store.get('raced');
      expect(values.some((value) => kept?.equals(value))).toBe(true);
    });

    it('delete forgets the key and leaves the others; deleting a missing key is fine', async () => {
      await store.put('photos/cull-1/a1', Buffer.from('a'));
      await store.put('photos/cull-1/b2', Buffer.from('b'));
      await store.delete('photos/cull-1/a1');
      await store.delete('photos/cull-1/a1');
      await store.delete('never/put');
      expect(await store.get('photos/cull-1/a1')).toBeUndefined();
      expect((await store.get('photos/cull-1/b2'))?.toString()).toBe('b');
    });

    it('forgets everything under a prefix, whole segments only, and nothing else', async () => {
      await store.put('users/u1/photos/cull-1/a1', Buffer.from('a'));
      await store.put('users/u1/photos/cull-1/a1-thumb', Buffer.from('t'));
      await store.put('users/u1/imports/i1', Buffer.from('i'));
      await store.put('users/u10/photos/cull-2/b2', Buffer.from('b'));
      await store.put('users/u1.x/photos/cull-3/c3', Buffer.from('c'));
      await store.put('photos/cull-1/a1', Buffer.from('legacy'));
      await store.deleteUnder('users/u1');
      await store.deleteUnder('users/u1');
      await store.deleteUnder('users/never');
      expect(await store.get('users/u1/photos/cull-1/a1')).toBeUndefined();
      expect(await store.get('users/u1/photos/cull-1/a1-thumb')).toBeUndefined();
      expect(await store.get('users/u1/imports/i1')).toBeUndefined();
      expect((await store.get('users/u10/photos/cull-2/b2'))?.toString()).toBe('b');
      expect((await store.get('users/u1.x/photos/cull-3/c3'))?.toString()).toBe('c');
      expect((await store.get('photos/cull-1/a1'))?.toString()).toBe('legacy');
      await expect(store.deleteUnder('users/../escape')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });

    it('keeps what it was given across closing and opening again', async () => {
      await store.put('photos/cull-1/a1', Buffer.from('kept'));
      await store.close();
      store = await location.open();
      expect((await store.get('photos/cull-1/a1'))?.toString()).toBe('kept');
    });

    it.each(['', '../escape', 'photos/../../escape', '/absolute', 'a//b', '.hidden', 'a/.b', 'a\\b', 'a b'])(
      'refuses the key %j and keeps nothing',
      async (key) => {
        await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      },
    );
  });
}
