import { createHash } from 'node:crypto';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EVENT_POSITION_HEADER,
  EVENT_TYPES,
  MESSAGES,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  isCullStreamEvent,
  type CullPhoto,
  type CullView,
} from '@cull-log/contracts';
import { cullDecider, foldStream, toCull } from '@cull-log/domain';
import type { BlobStore } from '@cull-log/blobstore';
import type { EventStore } from '@cull-log/eventstore';
import { StoreUnavailableError } from '@cull-log/storage-kit';
import { multipartBody, phoneJpeg } from './photo-files';
import { ALICE, BOB, createHarness, cullBody, type Backend } from './records-harness';

/** The backend's blob store, noting which keys hold bytes now: "nothing stored" is then a fact to check. */
function trackedBlobs(blobs: BlobStore) {
  const live = new Set<string>();
  const store: BlobStore = {
    async put(key, bytes) {
      await blobs.put(key, bytes);
      live.add(key);
    },
    async putStream(key, source) {
      await blobs.putStream(key, source);
      live.add(key);
    },
    get: (key) => blobs.get(key),
    getStream: (key) => blobs.getStream(key),
    async delete(key) {
      await blobs.delete(key);
      live.delete(key);
    },
    async deleteUnder(prefix) {
      await blobs.deleteUnder(prefix);
      for (const key of live) if (key.startsWith(`${prefix}/`)) live.delete(key);
    },
    close: () => blobs.close(),
  };
  return { store, live };
}

const upload = (bytes: Uint8Array, filename = 'IMG_0001.jpg', contentType = 'image/jpeg') =>
  multipartBody([{ filename, contentType, bytes }]);

/** The photo routes, end to end through `app.inject`, against one backend. Every backend runs the same suite. */
export function describePhotosApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`photos through the records API on ${backendName}`, () => {
    let backend: Backend<Tx>;
    let blobs: ReturnType<typeof trackedBlobs>;
    let harness: ReturnType<typeof createHarness<Tx>>;

    beforeEach(async () => {
      const opened = await openBackend();
      blobs = trackedBlobs(opened.blobs);
      backend = { ...opened, blobs: blobs.store };
      harness = createHarness({ backend });
    });

    afterEach(async () => {
      await harness.app.close();
      await backend.close();
    });

    async function create(user = ALICE): Promise<CullView> {
      const response = await harness.call(user, 'POST', '/culls', cullBody());
      expect(response.statusCode).toBe(201);
      return response.json<CullView>();
    }

    function send(cullId: string, body: ReturnType<typeof upload>, user = ALICE) {
      return harness.call(user, 'POST', `/culls/${cullId}/photos`, body.payload, body.headers);
    }

    async function addPhoto(cullId: string, bytes: Buffer): Promise<CullPhoto> {
      const response = await send(cullId, upload(bytes));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<CullView>().photos!.at(-1)!;
    }

    async function record(cullId: string, user = ALICE) {
      return harness.call(user, 'GET', `/culls/${cullId}`);
    }

    it('keeps a phone photo upright and resized, with no EXIF or GPS in it or in its thumbnail', async () => {
      const cull = await create();
      const sent = await phoneJpeg({ width: 2600, height: 1800 });
      const sentExif = exifReader((await sharp(sent).metadata()).exif!);
      expect(sentExif.GPSInfo?.GPSLatitude).toEqual([51, 4, 12]);

      const response = await send(cull.id, upload(sent));
      expect(response.statusCode, response.body).toBe(201);
      expect(Number(response.headers[EVENT_POSITION_HEADER])).toBeGreaterThan(0);
      const answered = response.json<CullView>();
      expect(answered).toMatchObject({ id: cull.id, version: 2, warnings: [] });
      const [photo] = answered.photos!;
      // Stored sideways at 2600×1800 with orientation 6: upright it is 1800×2600, shrunk to 2048 on its long edge.
      expect(photo).toMatchObject({ content_type: 'image/jpeg', width: 1418, height: 2048 });

      const original = await harness.call(ALICE, 'GET', `/culls/${cull.id}/photos/${photo!.id}`);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
      expect(original.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(original.headers['x-content-type-options']).toBe('nosniff');
      const bytes = original.rawPayload;
      expect(bytes.length).toBe(photo!.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(photo!.sha256);
      expect(photo!.id).toBe(photo!.sha256.slice(0, 32));
      const kept = await sharp(bytes).metadata();
      expect(kept).toMatchObject({ format: 'jpeg', width: 1418, height: 2048 });
      for (const tag of ['exif', 'xmp', 'iptc', 'icc', 'orientation'] as const)
        expect(kept[tag]).toBeUndefined();
      // Turned upright: the dark corner, top left as stored sideways, is now at the top right.
      const { data } = await sharp(bytes)
        .extract({ left: 1418 - 40, top: 10, width: 20, height: 20 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.max(...data)).toBeLessThan(60);

      const thumb = await harness.call(ALICE, 'GET', `/culls/${cull.id}/photos/${photo!.id}?size=thumb`);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(thumb.headers['x-content-type-options']).toBe('nosniff');
      const thumbnail = await sharp(thumb.rawPayload).metadata();
      expect(thumbnail).toMatchObject({ format: 'webp', width: 221, height: 320 });
      for (const tag of ['exif', 'xmp', 'iptc', 'icc', 'orientation'] as const) {
        expect(thumbnail[tag]).toBeUndefined();
      }

      // The record answers its photos wherever it is read.
      expect((await record(cull.id)).json<CullView>().photos).toEqual([photo]);
      const list = await harness.call(ALICE, 'GET', '/culls');
      expect(list.json().items[0].photos).toEqual([photo]);
    });

    it('writes the photo to the stream as what it is, never its bytes, and a replay folds to the record', async () => {
      const cull = await create();
      const photo = await addPhoto(cull.id, await phoneJpeg({ width: 800, height: 600 }));
      await harness.call(ALICE, 'PATCH', `/culls/${cull.id}`, { notes: 'with a photo' });
      const second = await addPhoto(cull.id, await phoneJpeg({ width: 640, height: 480, seed: 2 }));
      await harness.call(ALICE, 'DELETE', `/culls/${cull.id}/photos/${photo.id}`);

      const history = await backend.store.readStream(cull.id);
      expect(history.map((event) => event.type)).toEqual([
        EVENT_TYPES.recorded,
        EVENT_TYPES.photoAdded,
        EVENT_TYPES.amended,
        EVENT_TYPES.photoAdded,
        EVENT_TYPES.photoRemoved,
      ]);
      expect(history[1]!.data).toEqual(photo);
      expect(Object.keys(history[1]!.data).sort()).toEqual([
        'content_type',
        'height',
        'id',
        'sha256',
        'size',
        'width',
      ]);
      expect(history[4]!.data).toEqual({ photo_id: photo.id });

      const read = (await record(cull.id)).json<CullView>();
      const { warnings: _warnings, ...stored } = read;
      expect(toCull(foldStream(cullDecider, history.filter(isCullStreamEvent)), cull.id)).toEqual(stored);
      expect(stored).toMatchObject({ notes: 'with a photo', version: 5, photos: [second] });
    });

    it("another user's photo answers 404 to fetch, delete and add, and stays as it was", async () => {
      const cull = await create();
      const photo = await addPhoto(cull.id, await phoneJpeg({ width: 800, height: 600 }));
      const keys = [...blobs.live];
      for (const url of [
        `/culls/${cull.id}/photos/${photo.id}`,
        `/culls/${cull.id}/photos/${photo.id}?size=thumb`,
      ]) {
        const fetched = await harness.call(BOB, 'GET', url);
        expect(fetched.statusCode).toBe(404);
        expect(fetched.json().error.code).toBe('not_found');
        expect(fetched.headers['content-type']).toMatch(/json/);
      }
      expect((await harness.call(BOB, 'DELETE', `/culls/${cull.id}/photos/${photo.id}`)).statusCode).toBe(
        404,
      );
      const added = await send(cull.id, upload(await phoneJpeg({ width: 700, height: 500 })), BOB);
      expect(added.statusCode).toBe(404);
      expect(added.json().error).toEqual({ code: 'not_found', message: MESSAGES.cullNotFound });
      expect([...blobs.live]).toEqual(keys);
      expect((await record(cull.id)).json<CullView>()).toMatchObject({ version: 2, photos: [photo] });
      expect((await harness.call(ALICE, 'GET', `/culls/${cull.id}/photos/${photo.id}`)).statusCode).toBe(200);
    });

    it('a text file named .jpg, a GIF, two files or none are refused and nothing is kept', async () => {
      const cull = await create();
      const jpeg = await phoneJpeg({ width: 800, height: 600 });
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#808080' } })
        .gif()
        .toBuffer();
      const refusals: [ReturnType<typeof upload>, string][] = [
        [upload(Buffer.from('Not a photo, only words.\n'), 'holiday.jpg'), PHOTO_MESSAGES.notAnImage],
        [upload(gif, 'moving.gif', 'image/gif'), PHOTO_MESSAGES.otherFormat('a GIF')],
        [multipartBody([]), PHOTO_MESSAGES.noFile],
        [
          multipartBody([
            { filename: 'a.jpg', contentType: 'image/jpeg', bytes: jpeg },
            { filename: 'b.jpg', contentType: 'image/jpeg', bytes: jpeg },
          ]),
          PHOTO_MESSAGES.noFile,
        ],
        [
          { payload: Buffer.from('{"photo":"x"}'), headers: { 'content-type': 'application/json' } },
          PHOTO_MESSAGES.noFile,
        ],
      ];
      for (const [body, message] of refusals) {
        const response = await send(cull.id, body);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error).toEqual({
          code: 'validation_failed',
          message,
          fields: { photo: message },
        });
      }
      expect(blobs.live.size).toBe(0);
      expect((await record(cull.id)).json<CullView>()).toMatchObject({ version: 1 });
      expect((await record(cull.id)).json<CullView>()).not.toHaveProperty('photos');
    });

    it("lists the user's photos for their download, and erasing the account removes every photo's bytes of theirs and no one else's", async () => {
      const kept = await create();
      const removed = await create();
      const first = await addPhoto(kept.id, await phoneJpeg({ width: 640, height: 480 }));
      const second = await addPhoto(removed.id, await phoneJpeg({ width: 480, height: 640 }));
      expect(
        (await harness.call(ALICE, 'DELETE', `/culls/${removed.id}/photos/${second.id}`)).statusCode,
      ).toBe(200);
      const bobs = await create(BOB);
      const hisUpload = await send(bobs.id, upload(await phoneJpeg({ width: 320, height: 240 })), BOB);
      expect(hisUpload.statusCode, hisUpload.body).toBe(201);
      const his = hisUpload.json<CullView>().photos!.at(-1)!;
      const hisKeys = [...blobs.live];

      const listed = await harness.call(ALICE, 'GET', '/account/photos.json');
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([{ record_id: kept.id, ...first }]);
      expect((await harness.call(BOB, 'GET', '/account/photos.json')).json()).toEqual([
        { record_id: bobs.id, ...his },
      ]);

      expect((await harness.call(ALICE, 'DELETE', '/account')).statusCode).toBe(200);

      expect([...blobs.live].every((key) => key.startsWith(`users/${BOB.uid}/photos/${bobs.id}/`))).toBe(
        true,
      );
      expect([...blobs.live].sort()).toEqual(
        hisKeys.filter((key) => key.startsWith(`users/${BOB.uid}/photos/${bobs.id}/`)).sort(),
      );
      expect(await backend.blobs.get(`users/${ALICE.uid}/photos/${kept.id}/${first.id}`)).toBeUndefined();
      expect((await harness.call(BOB, 'GET', `/culls/${bobs.id}/photos/${his.id}`)).statusCode).toBe(200);
    });

    it("erasing the account removes the user's files no event names (an upload whose event never landed), and no one else's", async () => {
      const cull = await create();
      const bobs = await create(BOB);
      // What a process stopped between keeping a photo's bytes and writing its event leaves behind.
      await backend.blobs.put(`users/${ALICE.uid}/photos/${cull.id}/never-named`, Buffer.from('orphan'));
      await backend.blobs.put(
        `users/${ALICE.uid}/photos/${cull.id}/never-named-thumb`,
        Buffer.from('orphan'),
      );
      await backend.blobs.put(`users/${BOB.uid}/photos/${bobs.id}/never-named`, Buffer.from('his'));

      expect((await harness.call(ALICE, 'DELETE', '/account')).statusCode).toBe(200);

      expect(await backend.blobs.get(`users/${ALICE.uid}/photos/${cull.id}/never-named`)).toBeUndefined();
      expect(
        await backend.blobs.get(`users/${ALICE.uid}/photos/${cull.id}/never-named-thumb`),
      ).toBeUndefined();
      expect((await backend.blobs.get(`users/${BOB.uid}/photos/${bobs.id}/never-named`))?.toString()).toBe(
        'his',
      );
    });

    it('shows a photo kept where photos were kept before they were kept by user, and removes it with the account', async () => {
      const cull = await create();
      const photo = await addPhoto(cull.id, await phoneJpeg({ width: 640, height: 480 }));
      // Moved to where an earlier version of the service kept it.
      for (const suffix of ['', '-thumb']) {
        const bytes = await backend.blobs.get(`users/${ALICE.uid}/photos/${cull.id}/${photo.id}${suffix}`);
        await backend.blobs.put(`photos/${cull.id}/${photo.id}${suffix}`, bytes!);
        await backend.blobs.delete(`users/${ALICE.uid}/photos/${cull.id}/${photo.id}${suffix}`);
      }
      const shown = await harness.call(ALICE, 'GET', `/culls/${cull.id}/photos/${photo.id}`);
      expect(shown.statusCode).toBe(200);
      expect(createHash('sha256').update(shown.rawPayload).digest('hex')).toBe(photo.sha256);
      expect(
        (await harness.call(ALICE, 'GET', `/culls/${cull.id}/photos/${photo.id}?size=thumb`)).statusCode,
      ).toBe(200);

      expect((await harness.call(ALICE, 'DELETE', '/account')).statusCode).toBe(200);
      expect(await backend.blobs.get(`photos/${cull.id}/${photo.id}`)).toBeUndefined();
      expect(await backend.blobs.get(`photos/${cull.id}/${photo.id}-thumb`)).toBeUndefined();
    });

    it(`takes ${PHOTO_LIMITS.perRecord} photos and refuses the next with a clear message, keeping nothing of it`, async () => {
      const cull = await create();
      for (let seed = 1; seed <= PHOTO_LIMITS.perRecord; seed += 1) {
        await addPhoto(cull.id, await phoneJpeg({ width: 320, height: 240, seed }));
      }
      expect(blobs.live.size).toBe(2 * PHOTO_LIMITS.perRecord);
      const response = await send(cull.id, upload(await phoneJpeg({ width: 320, height: 240, seed: 99 })));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'validation_failed',
        message: PHOTO_MESSAGES.tooMany,
        fields: { photo: PHOTO_MESSAGES.tooMany },
      });
      expect(blobs.live.size).toBe(2 * PHOTO_LIMITS.perRecord);
      expect((await record(cull.id)).json<CullView>().photos).toHaveLength(PHOTO_LIMITS.perRecord);
    });

    it('refuses a photo over 15 MB with 413 and keeps nothing', async () => {
      const cull = await create();
      const tooLarge = Buffer.concat([
        await phoneJpeg({ width: 320, height: 240 }),
        Buffer.alloc(PHOTO_LIMITS.maxUploadBytes),
      ]);
      const response = await send(cull.id, upload(tooLarge));
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toEqual({ code: 'payload_too_large', message: PHOTO_MESSAGES.tooLarge });
      expect(blobs.live.size).toBe(0);
      expect((await record(cull.id)).json<CullView>()).toMatchObject({ version: 1 });
    });

    it('the same photo sent twice is one photo', async () => {
      const cull = await create();
      const bytes = await phoneJpeg({ width: 640, height: 480 });
      const first = await addPhoto(cull.id, bytes);
      const second = await addPhoto(cull.id, bytes);
      expect(second).toEqual(first);
      expect((await record(cull.id)).json<CullView>()).toMatchObject({ version: 2, photos: [first] });
      expect(blobs.live.size).toBe(2);
    });

    it('delete removes the photo and its bytes; asked again, or for a photo never added, it answers 404', async () => {
      const cull = await create();
      const photo = await addPhoto(cull.id, await phoneJpeg({ width: 640, height: 480 }));
      const removed = await harness.call(ALICE, 'DELETE', `/culls/${cull.id}/photos/${photo.id}`);
      expect(removed.statusCode).toBe(200);
      expect(Number(removed.headers[EVENT_POSITION_HEADER])).toBeGreaterThan(0);
      expect(removed.json<CullView>()).toMatchObject({ id: cull.id, version: 3 });
      expect(removed.json<CullView>()).not.toHaveProperty('photos');
      expect(blobs.live.size).toBe(0);
      expect(await backend.blobs.get(`users/${ALICE.uid}/photos/${cull.id}/${photo.id}`)).toBeUndefined();
      for (const method of ['GET', 'DELETE'] as const) {
        const again = await harness.call(ALICE, method, `/culls/${cull.id}/photos/${photo.id}`);
        expect(again.statusCode).toBe(404);
        expect(again.json().error).toEqual({ code: 'not_found', message: PHOTO_MESSAGES.notFound });
      }
      expect((await harness.call(ALICE, 'GET', `/culls/${cull.id}/photos/not-a-photo-id`)).statusCode).toBe(
        404,
      );
      expect(
        (await harness.call(ALICE, 'GET', `/culls/${cull.id}/photos/${photo.id}?size=large`)).statusCode,
      ).toBe(400);
    });

    it("deleting a record removes its photos' bytes", async () => {
      const cull = await create();
      await addPhoto(cull.id, await phoneJpeg({ width: 640, height: 480 }));
      await addPhoto(cull.id, await phoneJpeg({ width: 640, height: 480, seed: 3 }));
      expect(blobs.live.size).toBe(4);
      expect((await harness.call(ALICE, 'DELETE', `/culls/${cull.id}`)).statusCode).toBe(204);
      expect(blobs.live.size).toBe(0);
    });

    it('a photo whose event cannot be written answers 503 and its bytes are removed', async () => {
      const cull = await create();
      const store = new Proxy(backend.store, {
        get(object, property, receiver) {
          if (property === 'append') {
            return async () => {
              throw new StoreUnavailableError(new Error('connection refused'));
            };
          }
          const value = Reflect.get(object, property, receiver);
          return typeof value === 'function' ? value.bind(object) : value;
        },
      }) as EventStore<Tx>;
      const down = createHarness({ backend, store });
      const body = upload(await phoneJpeg({ width: 640, height: 480 }));
      const response = await down.call(ALICE, 'POST', `/culls/${cull.id}/photos`, body.payload, body.headers);
      await down.app.close();
      expect(response.statusCode).toBe(503);
      expect(blobs.live.size).toBe(0);
      expect((await record(cull.id)).json<CullView>()).not.toHaveProperty('photos');
    });
  });
}
