import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '@cull-log/blobstore';

/** Where a photo's bytes and its thumbnail are kept in the blob store. */
export function photoKeys(cullId: string, photoId: string): { original: string; thumbnail: string } {
  const base = `photos/${cullId}/${photoId}`;
  return { original: base, thumbnail: `${base}-thumb` };
}

/**
 * Removes a photo's bytes once nothing names them. A failure is logged, not thrown: the record is already right,
 * and bytes left behind are only space.
 */
export async function removePhotoBlobs(
  blobs: BlobStore,
  cullId: string,
  photoId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const keys = photoKeys(cullId, photoId);
  try {
    await blobs.delete(keys.original);
    await blobs.delete(keys.thumbnail);
  } catch (error) {
    log.warn({ err: error, cullId, photoId }, 'could not remove the bytes of a photo no record names');
  }
}
