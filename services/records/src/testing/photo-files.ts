import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A JPEG as a phone takes it: `width`×`height` pixels stored sideways with EXIF orientation 6 (to be turned a
 * quarter right), the camera's make, and where it was taken in GPS tags.
 */
export async function phoneJpeg({ width = 2600, height = 1800, seed = 0 } = {}): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 60 } },
  })
    .composite([
      // A dark block in the top left corner, to see which way up the stored photo is.
      {
        input: { create: { width: 200, height: 100, channels: 3, background: { r: 0, g: 0, b: 0 } } },
        top: 0,
        left: 0,
      },
    ])
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Pixel', Model: 'Field Phone', Copyright: 'A. Stalker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 4/1 1200/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '0/1 2/1 2400/100',
      },
    })
    .toBuffer();
}

/** A multipart/form-data body with one file per part, as a browser sends a form. */
export function multipartBody(
  parts: { field?: string; filename: string; contentType: string; bytes: Uint8Array }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cull-log-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const { field = 'photo', filename, contentType, bytes } of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** One PNG chunk: its length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A decompression bomb: a black PNG of `width`×`height` pixels, one bit each, whose rows of zeros compress to a few
 * kilobytes per megapixel; decoded, every pixel takes a byte or more.
 */
export function pixelBombPng({ width, height }: { width: number; height: number }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale, deflate, adaptive filtering, not interlaced
  const rowBytes = 1 + Math.ceil(width / 8); // the filter byte ("none"), then the row's pixels
  const compressed = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', compressed),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A large PNG, under the pixel limit but costly to decode: `width`×`height` pixels of one colour (so its bytes are
 * few), stored sideways with EXIF orientation 6, so that turning it upright needs the whole image.
 */
export async function largePng({ width = 8000, height = 5000, seed = 0 } = {}): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 60 } },
  })
    .png()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
