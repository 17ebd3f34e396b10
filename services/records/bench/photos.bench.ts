/**
 * The photo pipeline on the server for a 12 MP phone photo (4000×3000 JPEG with EXIF and GPS tags): decode, turn
 * upright, shrink to 2,048 px, write again without metadata, make the 320 px thumbnail, and keep both in the file
 * blob store (each flushed to disk). Prints the time per photo and the process's peak memory (RSS) while it runs,
 * one photo at a time and then several at once, as uploads from several phones would arrive.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { openFileBlobStore } from '@cull-log/blobstore';
import { processPhoto } from '../src/photos/photo-pipeline';
import { photoKeys } from '../src/photos/photo-blobs';

const RUNS = 10;
const CONCURRENT = 4;
const MB = 1024 * 1024;

/** A photo-like 12 MP JPEG: a scene over grain (a flat colour would compress to nothing), tagged as a phone tags. */
async function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 110 + seed, sigma: 40 },
    },
  })
    .blur(0.7)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A sky, a hill and a deer-sized shape over the grain, so the shrunk photo and its thumbnail have something in them.
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#8fb3d9"/><stop offset="1" stop-color="#e8e2c8"/></linearGradient></defs>
      <rect width="4000" height="1500" fill="url(#sky)"/>
      <ellipse cx="2000" cy="2600" rx="3200" ry="1300" fill="#4f6b2f"/>
      <ellipse cx="${1700 + seed * 100}" cy="1900" rx="420" ry="230" fill="#7a4e2a"/>
    </svg>`,
  );
  return sharp(grain.data, { raw: grain.info })
    .composite([{ input: scene, blend: 'overlay' }])
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

/** Times the pipeline on the photos in `folder`, in a process that has done nothing else, so its RSS is the app's. */
async function measure(folder: string): Promise<void> {
  const blobs = openFileBlobStore({ directory: join(folder, 'blobs') });
  const inputs = Array.from({ length: CONCURRENT }, (_, index) =>
    readFileSync(join(folder, `photo-${index}.jpg`)),
  );
  const keep = async (input: Buffer, run: number) => {
    const { photo, original, thumbnail } = await processPhoto(input);
    const keys = photoKeys('bench-user', `bench-${run}`, photo.id);
    await blobs.put(keys.original, original);
    await blobs.put(keys.thumbnail, thumbnail);
    return { photo, thumbnail };
  };
  const baseline = process.memoryUsage.rss();
  // One untimed run, so libvips has loaded its codecs.
  const first = await keep(inputs[0]!, -1);

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

  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  console.log(
    `photo pipeline: a 4000×3000 JPEG of ${(inputs[0]!.length / MB).toFixed(1)} MB with EXIF and GPS → ` +
      `${first.photo.width}×${first.photo.height} ${first.photo.content_type} of ${(first.photo.size / 1024).toFixed(0)} KB ` +
      `and a ${(first.thumbnail.length / 1024).toFixed(1)} KB thumbnail, both flushed to the file blob store`,
  );
  console.log(
    `  one at a time (${RUNS} photos): median ${percentile(times, 0.5).toFixed(0)} ms, ` +
      `slowest ${times.at(-1)!.toFixed(0)} ms; RSS ${mb(baseline)} at start, peak ${mb(sequential.peak)} ` +
      `(+${mb(sequential.peak - baseline)})`,
  );
  console.log(
    `  ${CONCURRENT} at once: ${together.result.toFixed(0)} ms for all, peak RSS ${mb(together.peak)} ` +
      `(+${mb(together.peak - baseline)})`,
  );
  console.log(
    `  libvips threads: ${sharp.concurrency()}; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-photos-bench-'));
  try {
    for (let seed = 0; seed < CONCURRENT; seed += 1) {
      writeFileSync(join(folder, `photo-${seed}.jpg`), await twelveMegapixelJpeg(seed));
    }
    // Making the photos takes far more memory than keeping them: the measure runs in a process of its own.
    const { status, error } = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), 'measure', folder],
      { stdio: 'inherit' },
    );
    if (error !== undefined) throw error;
    if (status !== 0) process.exitCode = status ?? 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'measure') await measure(process.argv[3]!);
else await main();
