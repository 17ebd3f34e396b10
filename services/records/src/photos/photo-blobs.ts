import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '@cull-log/blobstore';
import { userBlobPrefix } from '../kit/user-blobs';

/** Where a photo's bytes and its thumbnail are kept in the blob store. */
export function photoKeys(
  uid: string,
  cullId: string,
  photoId: string,
): { original: string; thumbnail: string } {
  const base = `${userBlobPrefix(uid)}/photos/${cullId}/${photoId}`;
  return { original: base, thumbnail: `${base}-thumb` };
}

/**
 * Where a photo was kept before photos were kept under their user's prefix: such a photo is still read from there, and
 * removed from there with the record or the account.
 */
export function earlierPhotoKeys(cullId: string, photoId: string): { original: string; thumbnail: string } {
  const base = `photos/${cullId}/${photoId}`;
  return { original: base, thumbnail: `${base}-thumb` };
}

/** A photo's bytes (`thumb`: its thumbnail's), wherever they were kept, or undefined. */
export async function photoBytes(
  blobs: BlobStore,
  uid: string,
  cullId: string,
  photoId: string,
  size: 'original' | 'thumb',
): Promise<Buffer | undefined> {
  const pick = (keys: { original: string; thumbnail: string }) =>
    size === 'thumb' ? keys.thumbnail : keys.original;
  return (
    (await blobs.get(pick(photoKeys(uid, cullId, photoId)))) ??
    (await blobs.get(pick(earlierPhotoKeys(cullId, photoId))))
  );
}

/**
 * Removes a photo's bytes once nothing names them. A failure is logged, not thrown: the record is already right,
 * and bytes left behind are only space (and go with the account).
 */
export async function removePhotoBlobs(
  blobs: BlobStore,
  uid: string,
  cullId: string,
  photoId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    for (const keys of [photoKeys(uid, cullId, photoId), earlierPhotoKeys(cullId, photoId)]) {
      await blobs.delete(keys.original);
      await blobs.delete(keys.thumbnail);
    }
  } catch (error) {
    log.warn({ err: error, cullId, photoId }, 'could not remove the bytes of a photo no record names');
  }
}
