import { PHOTO_LIMITS, PHOTO_MESSAGES, type CullPhoto } from '@cull-log/contracts';
import { useEffect, useRef, useState } from 'react';
import type { OutboxCommand } from '../../api/outbox/outbox';
import { PhotoRefusedError, preparePhoto, type PreparePhoto } from './prepare-photo';

/** A photo picked on this form, shrunk and waiting to be sent with the record. */
export interface PendingPhoto {
  key: string;
  photo: Blob;
  fileName: string;
  /** A `blob:` address of the shrunk photo, to show it before it is sent. */
  previewUrl: string;
}

/** What a form's photos hold that is not saved yet, as kept with its unsaved input (form-draft.ts). */
export interface PhotoDraftState {
  /** The record's photos to remove, by id. */
  removed: readonly string[];
  added: readonly { photo: Blob; fileName: string }[];
}

/** The photos of the record as the form has them: those it keeps, those it removes, those picked to add. */
export interface PhotoDraft {
  kept: readonly CullPhoto[];
  removed: readonly string[];
  added: readonly PendingPhoto[];
  /** Photos being shrunk now. */
  preparing: number;
  /** Why the last picked photo was not taken, if it was not. */
  problem: string | undefined;
  /** How many more the record can take. */
  room: number;
  add(files: Iterable<File>): Promise<void>;
  /** Removes a photo the record has (on save) or one picked here. */
  remove(id: string): void;
  /** The commands that make the record's photos what the form shows: removals first, to make room. */
  commands(recordId: string): OutboxCommand[];
  /** Takes up photos kept unsaved on the device, in place of those picked or removed here. */
  restore(state: PhotoDraftState): void;
}

let nextKey = 0;

/** The Photos section's state, from the record's photos (none on a new record). */
export function usePhotoDraft(
  existing: readonly CullPhoto[] = [],
  prepare: PreparePhoto = preparePhoto,
): PhotoDraft {
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const [added, setAdded] = useState<readonly PendingPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [problem, setProblem] = useState<string | undefined>();
  const previews = useRef(new Set<string>());
  const kept = existing.filter((photo) => !removed.includes(photo.id));
  const room = PHOTO_LIMITS.perRecord - kept.length - added.length - preparing;

  // The previews are the browser's memory until let go.
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  async function add(files: Iterable<File>) {
    setProblem(undefined);
    const picked = [...files];
    const taken = picked.slice(0, Math.max(0, room));
    if (taken.length < picked.length) setProblem(PHOTO_MESSAGES.tooMany);
    for (const file of taken) {
      setPreparing((count) => count + 1);
      try {
        const photo = await prepare(file);
        const previewUrl = URL.createObjectURL(photo);
        previews.current.add(previewUrl);
        const fileName = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.${photo.type === 'image/jpeg' ? 'jpg' : photo.type.slice('image/'.length)}`;
        setAdded((current) => [...current, { key: `picked-${(nextKey += 1)}`, photo, fileName, previewUrl }]);
      } catch (error) {
        setProblem(error instanceof PhotoRefusedError ? error.message : PHOTO_MESSAGES.notAnImage);
      } finally {
        setPreparing((count) => count - 1);
      }
    }
  }

  function remove(id: string) {
    setProblem(undefined);
    const pending = added.find((photo) => photo.key === id);
    if (pending === undefined) {
      setRemoved((current) => [...current, id]);
      return;
    }
    URL.revokeObjectURL(pending.previewUrl);
    previews.current.delete(pending.previewUrl);
    setAdded((current) => current.filter((photo) => photo.key !== id));
  }

  function commands(recordId: string): OutboxCommand[] {
    return [
      ...removed.map((photoId): OutboxCommand => ({ kind: 'remove-photo', recordId, photoId })),
      ...added.map(({ photo, fileName }): OutboxCommand => ({
        kind: 'add-photo',
        recordId,
        photo,
        fileName,
      })),
    ];
  }

  function restore(state: PhotoDraftState) {
    setProblem(undefined);
    setRemoved(state.removed.filter((id) => existing.some((photo) => photo.id === id)));
    setAdded(
      state.added.map(({ photo, fileName }) => {
        const previewUrl = URL.createObjectURL(photo);
        previews.current.add(previewUrl);
        return { key: `picked-${(nextKey += 1)}`, photo, fileName, previewUrl };
      }),
    );
  }

  return { kept, removed, added, preparing, problem, room, add, remove, commands, restore };
}
