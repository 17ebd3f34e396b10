import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_LIMITS, PHOTO_MESSAGES, type CullView } from '@cull-log/contracts';
import { IDENTITY_HEADER } from '@cull-log/service-kit';
import { signedIdentity } from '@cull-log/service-kit/testing';
import { largePng, multipartBody, pixelBombPng } from '../testing/photo-files';
import { ALICE, createHarness, cullBody, openSqliteBackend } from '../testing/records-harness';
import { PHOTO_DECODES_AT_ONCE } from './photo-pipeline';

const MB = 1024 * 1024;

/**
 * What the process holds while `work` runs: its peak resident memory above what it held before, and the most
 * images sharp decoded at once (its own counter of pipelines running on the thread pool), both sampled every
 * millisecond.
 */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage.rss();
  let peakRss = before;
  let mostDecoding = 0;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    mostDecoding = Math.max(mostDecoding, sharp.counters().process);
  };
  const sampler = setInterval(sample, 1);
  try {
    const result = await work();
    sample();
    return { result, rssGrowthMb: (peakRss - before) / MB, peakRssMb: peakRss / MB, mostDecoding };
  } finally {
    clearInterval(sampler);
  }
}

describe('photo uploads the decoder never sees, and the memory decoding takes', () => {
  const backend = openSqliteBackend();
  let harness: ReturnType<typeof createHarness<unknown>>;

  beforeEach(() => {
    harness = createHarness({ backend });
  });

  afterEach(async () => {
    await harness.app.close();
  });

  afterAll(async () => {
    await backend.close();
  });

  async function create(): Promise<string> {
    const response = await harness.call(ALICE, 'POST', '/culls', cullBody());
    expect(response.statusCode).toBe(201);
    return response.json<CullView>().id;
  }

  function send(cullId: string, bytes: Buffer, filename = 'IMG_0001.jpg', contentType = 'image/jpeg') {
    const body = multipartBody([{ filename, contentType, bytes }]);
    return harness.call(ALICE, 'POST', `/culls/${cullId}/photos`, body.payload, body.headers);
  }

  it('a photo whose bytes changed between the gateway and the service is refused with 401 and not kept', async () => {
    const cullId = await create();
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#406020' } })
      .jpeg()
      .toBuffer();
    const signed = multipartBody([{ filename: 'IMG_0001.jpg', contentType: 'image/jpeg', bytes }]);
    // The same upload with one bit of the picture changed on the way.
    const swapped = Buffer.from(signed.payload);
    const inThePicture = signed.payload.indexOf(bytes) + Math.floor(bytes.length / 2);
    swapped.writeUInt8((swapped.readUInt8(inThePicture) ^ 1) & 0xff, inThePicture);
    const url = `/culls/${cullId}/photos`;
    const upload = (payload: Buffer) =>
      harness.app.inject({
        method: 'POST',
        url,
        headers: {
          ...signed.headers,
          [IDENTITY_HEADER]: signedIdentity('records', ALICE, {
            method: 'POST',
            url,
            payload: signed.payload,
            now: harness.clock.now(),
          }),
        },
        payload,
      });
    expect(swapped.equals(signed.payload)).toBe(false);
    expect((await upload(swapped)).statusCode).toBe(401);
    expect((await harness.call(ALICE, 'GET', `/culls/${cullId}`)).json<CullView>().photos ?? []).toEqual([]);
    expect((await upload(signed.payload)).statusCode).toBe(201);
  });

  it('an SVG, TIFF, GIF or HEIC file named .jpg and sent as a JPEG is refused by its first bytes, naming what it is', async () => {
    const cullId = await create();
    const square = { width: 64, height: 64, channels: 3, background: '#406020' } as const;
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>',
    );
    // The start of an iPhone's photo: an ISO base media file whose `ftyp` box names the HEIC brand.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic'),
      Buffer.alloc(64),
    ]);
    const files: [Buffer, string][] = [
      [svg, 'an SVG drawing'],
      [await sharp({ create: square }).tiff().toBuffer(), 'a TIFF image'],
      [await sharp({ create: square }).gif().toBuffer(), 'a GIF'],
      [heic, 'a HEIC image'],
    ];
    for (const [bytes, kind] of files) {
      const response = await send(cullId, bytes);
      const message = PHOTO_MESSAGES.otherFormat(kind);
      expect(response.statusCode, kind).toBe(400);
      expect(response.json().error).toEqual({
        code: 'validation_failed',
        message,
        fields: { photo: message },
      });
      expect(message).toContain('JPEG, PNG or WebP');
    }
    expect((await harness.call(ALICE, 'GET', `/culls/${cullId}`)).json<CullView>()).toMatchObject({
      version: 1,
    });
  });

  it(`a decompression bomb over ${PHOTO_LIMITS.maxInputPixels / 1_000_000} megapixels is refused from its header, nothing decoded and no memory taken`, async () => {
    const cullId = await create();
    const bombs = [
      pixelBombPng({ width: 20_000, height: 20_000 }),
      pixelBombPng({ width: 10_000, height: 6_000 }),
    ];
    expect(Math.max(...bombs.map((bomb) => bomb.length))).toBeLessThan(100 * 1024);
    for (const bomb of bombs) {
      const {
        result: response,
        rssGrowthMb,
        mostDecoding,
      } = await measured(() => send(cullId, bomb, 'bomb.png', 'image/png'));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'validation_failed',
        message: PHOTO_MESSAGES.tooManyPixels,
        fields: { photo: PHOTO_MESSAGES.tooManyPixels },
      });
      expect(mostDecoding).toBe(0);
      // Decoded, the smaller bomb alone would take 60 MB at a byte a pixel, the larger 400 MB.
      expect(rssGrowthMb).toBeLessThan(48);
    }
    expect((await harness.call(ALICE, 'GET', `/culls/${cullId}`)).json<CullView>()).toMatchObject({
      version: 1,
    });
  });

  it(`four large PNGs sent at once are all kept, decoded at most ${PHOTO_DECODES_AT_ONCE} at a time within a bounded memory`, async () => {
    const png = await largePng({ width: 8000, height: 5000 });
    const alone = await create();
    const cullIds = [await create(), await create(), await create(), await create()];

    const one = await measured(() => send(alone, png, 'large.png', 'image/png'));
    expect(one.result.statusCode, one.result.body).toBe(201);

    const four = await measured(() =>
      Promise.all(cullIds.map((cullId) => send(cullId, png, 'large.png', 'image/png'))),
    );
    for (const response of four.result) {
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<CullView>().photos).toMatchObject([
        { content_type: 'image/png', width: 1280, height: 2048 },
      ]);
    }
    console.info(
      `one 40-megapixel PNG: RSS up ${one.rssGrowthMb.toFixed(0)} MB; four at once: RSS up ${four.rssGrowthMb.toFixed(0)} MB, at most ${four.peakRssMb.toFixed(0)} MB`,
    );
    expect(four.mostDecoding).toBe(PHOTO_DECODES_AT_ONCE);
    // One 40-megapixel PNG turned upright costs about 50 MB. Two at a time, with what glibc's per-thread arenas keep
    // between decodes (96 to 177 MB measured), stay under half the 512 MiB the records container is given
    // (deploy/k8s/records.yaml). The process's own size is not held to a figure here: a test worker carries what the
    // files before it left.
    expect(four.rssGrowthMb).toBeLessThan(256);
  });
});
