import { EVENT_POSITION_HEADER } from '@cull-log/contracts';
import { request } from './client';
import { noteWritePosition } from './write-position';

const photosPath = (recordId: string) => `/api/culls/${encodeURIComponent(recordId)}/photos`;

/** Where the browser fetches a record's photo, or its 320 px thumbnail. */
export function photoUrl(recordId: string, photoId: string, size: 'full' | 'thumb' = 'full'): string {
  const path = `${photosPath(recordId)}/${encodeURIComponent(photoId)}`;
  return size === 'thumb' ? `${path}?size=thumb` : path;
}

/** Sends one photo, already shrunk on the device, to a record the server has. */
export async function uploadPhoto(recordId: string, photo: Blob, fileName: string): Promise<void> {
  const form = new FormData();
  form.append('photo', photo, fileName);
  const response = await request(photosPath(recordId), { method: 'POST', body: form });
  noteWritePosition(response.headers.get(EVENT_POSITION_HEADER));
}

export async function removePhoto(recordId: string, photoId: string): Promise<void> {
  const response = await request(photoUrl(recordId, photoId), { method: 'DELETE' });
  noteWritePosition(response.headers.get(EVENT_POSITION_HEADER));
}
