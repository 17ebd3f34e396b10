/**
 * The photo pipeline on the server for a 12 MP phone photo (4000×3000 JPEG with EXIF and GPS tags): decode, turn
 * upright, shrink to 2,048 px, write again without metadata, make the 320 px thumbnail, and keep both in the file
 * blob store (each flushed to disk). Prints the time per photo and the process's peak memory (RSS) while it runs,
 * one photo at a time and then several at once, as uploads from several phones would arrive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { openFileBlobStore } from '@cull-log/blobstore';
import { processPhoto } from '../src/photos/photo-pipeline';
import { photoKeys } from '../src/photos/photo-blobs';

const RUNS = 10;
const CONCURRENT = 4;
const MB = 1024 * 1024;

/** A photo-like 12 MP JPEG: softened grain (a flat colour would compress to nothing), tagged as a phone tags. */
async function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 110 + seed, sigma: 18 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(grain.data, { raw: grain.info })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Pixel', Model: 'Field Phone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 39/1 2873/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '1/1 42/1 5780/100',
      },
    })
    .toBuffer();
}

/** The highest RSS seen while `work` runs, sampled every 2 ms (the pipeline runs on libvips threads, not this one). */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peak };
  } finally {
    clearInterval(sampler);
  }
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-photos-bench-'));
  const blobs = openFileBlobStore({ directory: join(folder, 'blobs') });
  try {
    const inputs = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, seed) => twelveMegapixelJpeg(seed)),
    );
    const keep = async (input: Buffer, run: number) => {
      const { photo, original, thumbnail } = await processPhoto(input);
      const keys = photoKeys(`bench-${run}`, photo.id);
      await blobs.put(keys.original, original);
      await blobs.put(keys.thumbnail, thumbnail);
      return { photo, thumbnail };
    };
    // One untimed run, so libvips has loaded its codecs.
    const first = await keep(inputs[0]!, -1);
    global.gc?.();
    const baseline = process.memoryUsage.rss();

    const times: number[] = [];
    const sequential = await peakRss(async () => {
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        await keep(inputs[run % inputs.length]!, run);
        times.push(performance.now() - start);
      }
    });
    times.sort((a, b) => a - b);

    const together = await peakRss(async () => {
      const start = performance.now();
      await Promise.all(inputs.map((input, index) => keep(input, 100 + index)));
      return performance.now() - start;
    });

    console.log(
      `photo pipeline: a 4000×3000 JPEG of ${(inputs[0]!.length / MB).toFixed(1)} MB with EXIF and GPS → ` +
        `${first.photo.width}×${first.photo.height} ${first.photo.content_type} of ${(first.photo.size / 1024).toFixed(0)} KB ` +
        `and a ${(first.thumbnail.length / 1024).toFixed(1)} KB thumbnail, both flushed to the file blob store`,
    );
    console.log(
      `  one at a time (${RUNS} photos): median ${percentile(times, 0.5).toFixed(0)} ms, ` +
        `slowest ${times.at(-1)!.toFixed(0)} ms; RSS ${(baseline / MB).toFixed(0)} MB before, ` +
        `peak ${(sequential.peak / MB).toFixed(0)} MB (+${((sequential.peak - baseline) / MB).toFixed(0)} MB)`,
    );
    console.log(
      `  ${CONCURRENT} at once: ${together.result.toFixed(0)} ms for all, ` +
        `peak RSS ${(together.peak / MB).toFixed(0)} MB (+${((together.peak - baseline) / MB).toFixed(0)} MB)`,
    );
    console.log(
      `  libvips threads: ${sharp.concurrency()}; load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await blobs.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
