import { z } from 'zod';

/** What a record's photos may be: how many, how large as sent, and the sizes they are kept at. */
export const PHOTO_LIMITS = {
  perRecord: 6,
  /** Bytes of one photo as sent, before anything is done to it. */
  maxUploadBytes: 15 * 1024 * 1024,
  /** The long edge a photo is resized to (in the browser before sending, and again on the server). */
  longEdgePx: 2048,
  /** The long edge of a thumbnail. */
  thumbnailEdgePx: 320,
} as const;

/** The image types a photo may be sent and kept as. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/** Thumbnails are always WebP: small, and they keep a PNG's transparency. */
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';

export const PHOTO_MESSAGES = {
  tooMany: `A record can have at most ${PHOTO_LIMITS.perRecord} photos. Remove one to add another.`,
  tooLarge: `A photo must be at most ${PHOTO_LIMITS.maxUploadBytes / (1024 * 1024)} MB.`,
  notAnImage: 'This file is not a photo Cull Log can read. Choose a JPEG, PNG or WebP image.',
  noFile: 'Send one photo, as a file in the form field "photo".',
  notFound: 'Photo not found',
} as const;

/** A photo id: the first 32 hex digits of the SHA-256 of the stored photo, so the same photo is one id. */
export const PhotoId = z.string().regex(/^[0-9a-f]{32}$/, { error: 'A photo id is 32 hex digits' });

/** A photo of a record as its events and the API describe it; the bytes live in the blob store. */
export const CullPhoto = z.strictObject({
  id: PhotoId,
  content_type: z.enum(PHOTO_CONTENT_TYPES),
  /** Bytes of the stored photo, after resizing and stripping. */
  size: z.number().int().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'sha256 is 64 hex digits' }),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type CullPhoto = z.infer<typeof CullPhoto>;
