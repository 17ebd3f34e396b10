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
