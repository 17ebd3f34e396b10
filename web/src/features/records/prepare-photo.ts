import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@cull-log/contracts';

/** A picked file that cannot become a photo of a record, with the words to tell the user why. */
export class PhotoRefusedError extends Error {
  override readonly name = 'PhotoRefusedError';
}

/** Turns a picked file into the photo to send: a JPEG or WebP at most PHOTO_LIMITS.longEdgePx on its long edge. */
export type PreparePhoto = (file: File) => Promise<Blob>;

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: 0.85 });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PhotoRefusedError(PHOTO_MESSAGES.notAnImage))),
      type,
      0.85,
    ),
  );
}

/**
 * Shrinks a photo on the phone before it is sent, so a 12 MP picture goes as a few hundred kilobytes over a thin
 * signal. The browser turns it upright as it decodes it, and a canvas keeps no metadata: the GPS position a phone
 * writes into its photos never leaves the device. A JPEG stays JPEG; anything else becomes WebP, keeping
 * transparency (a browser that cannot write WebP gives PNG, which the server takes too).
 */
export const preparePhoto: PreparePhoto = async (file) => {
  // Whether it is a photo at all is for the browser's decoder to say: a file's type is only its name's guess.
  if (file.size > PHOTO_LIMITS.maxUploadBytes) throw new PhotoRefusedError(PHOTO_MESSAGES.tooLarge);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoRefusedError(PHOTO_MESSAGES.notAnImage);
  }
  try {
    const scale = Math.min(1, PHOTO_LIMITS.longEdgePx / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = canvasOf(width, height);
    const context = canvas.getContext('2d') as
      OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (context === null) throw new PhotoRefusedError(PHOTO_MESSAGES.notAnImage);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return await encode(canvas, file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp');
  } finally {
    bitmap.close();
  }
};
