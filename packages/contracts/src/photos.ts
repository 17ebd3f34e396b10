import { z } from 'zod';
import { PHOTO_CONTENT_TYPES } from './limits';

/** A photo id: the first 32 hex digits of the SHA-256 of the stored photo, so the same photo is one id. */
export const PhotoId = z.string().regex(/^[0-9a-f]{32}$/, { error: 'A photo id is 32 hex digits' });

/** Query of GET /api/culls/:id/photos/:photoId: the photo itself, or (`size=thumb`) its small WebP thumbnail. */
export const PhotoQuery = z.strictObject({ size: z.literal('thumb').optional() });
export type PhotoQuery = z.infer<typeof PhotoQuery>;

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
