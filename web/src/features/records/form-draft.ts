import { del, get, set } from 'idb-keyval';
import { useEffect, useRef, useState } from 'react';
import type { CullFormValues } from './cull-form-model';
import type { PhotoDraftState } from './photo-draft';

/**
 * A record form's unsaved input, kept on this device so a reload, a crashed tab or a locked phone loses none of it:
 * in IndexedDB's default store, which sign-out wipes (device-reads.ts), one per user and form.
 */
export interface FormDraft {
  /** When it was last written (ISO 8601). */
  saved_at: string;
  values: CullFormValues;
  photos: PhotoDraftState;
}

const FORMAT = 1;

interface StoredDraft extends FormDraft {
  format: number;
}

/** Typing writes the draft once it pauses this long; leaving the page writes it at once. */
const WRITE_AFTER_MS = 400;

/** The add form's draft of `uid`, or the edit form's of one record. */
export const draftKey = (uid: string, form: { add: true } | { edit: string }) =>
  `cull-log:draft:${uid}:${'add' in form ? 'add' : `edit:${form.edit}`}`;

function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<StoredDraft>;
  return (
    draft.format === FORMAT &&
    typeof draft.saved_at === 'string' &&
    typeof draft.values === 'object' &&
    draft.values !== null &&
    typeof draft.values.carcass === 'object' &&
    Array.isArray(draft.photos?.added) &&
    Array.isArray(draft.photos?.removed)
  );
}

export async function readDraft(key: string): Promise<FormDraft | undefined> {
  try {
    const stored: unknown = await get(key);
    if (!isStoredDraft(stored)) return undefined;
    const { format: _format, ...draft } = stored;
    return draft;
  } catch (error) {
    console.error('Reading the unsaved record failed', error);
    return undefined;
  }
}

async function writeDraft(key: string, draft: Omit<FormDraft, 'saved_at'>, now: Date): Promise<void> {
  const stored: StoredDraft = { format: FORMAT, saved_at: now.toISOString(), ...draft };
  try {
    await set(key, stored);
  } catch (error) {
    // A store that cannot keep the photos (some private modes refuse blobs) still keeps what was typed.
    console.error('Keeping the unsaved record on this device failed', error);
    if (draft.photos.added.length > 0)
      await set(key, { ...stored, photos: { ...draft.photos, added: [] } }).catch(() => undefined);
  }
}

export const removeDraft = (key: string) =>
  del(key).catch((error: unknown) => console.error('Removing the unsaved record failed', error));

export interface FormDraftKeeper {
  /** A draft found as the form opened, until the user carries on with it or discards it. */
  offered: FormDraft | undefined;
  /** Takes the offered draft (the form fills itself from it); it is kept until saved or discarded. */
  carryOn(): FormDraft | undefined;
  /** Removes the offered draft; what the user types from now on is kept instead. */
  discardOffered(): void;
  /** Removes the draft and writes no more (the record is being saved, or the user left it for good). */
  close(): void;
  /** Keeps the draft again after `close` (the save failed, and the form is still there with its input). */
  reopen(): void;
}

type Writing = 'until-answered' | 'on' | 'off';

/**
 * Keeps `unsaved` (undefined while the form holds nothing unsaved) as the draft under `key` (undefined: nowhere to
 * keep it, as before the user is known): written as the user types, a moment after they pause, and at once when the
 * page is hidden or left; removed when the form goes back to holding nothing unsaved. A draft already there as the form
 * opens is offered, and nothing is written over it until the user answers.
 */
export function useFormDraft(
  key: string | undefined,
  unsaved: Omit<FormDraft, 'saved_at'> | undefined,
  now: () => Date = () => new Date(),
): FormDraftKeeper {
  const [offered, setOffered] = useState<FormDraft | undefined>();
  const [writing, setWriting] = useState<Writing>('until-answered');
  const pending = useRef<{ key: string; draft: Omit<FormDraft, 'saved_at'> | undefined } | undefined>(
    undefined,
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setOffered(undefined);
    setWriting('until-answered');
    if (key === undefined) return;
    let current = true;
    void readDraft(key).then((found) => {
      if (!current) return;
      setOffered(found);
      if (found === undefined) setWriting((now) => (now === 'until-answered' ? 'on' : now));
    });
    return () => {
      current = false;
    };
  }, [key]);

  function flush() {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = undefined;
    if (next === undefined) return;
    if (next.draft === undefined) void removeDraft(next.key);
    else void writeDraft(next.key, next.draft, now());
  }

  function stop() {
    clearTimeout(timer.current);
    pending.current = undefined;
  }

  useEffect(() => {
    if (key === undefined || writing !== 'on') return;
    pending.current = { key, draft: unsaved };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, WRITE_AFTER_MS);
  }, [key, writing, unsaved]);

  // A hidden page may be frozen or closed without another word (a phone locking, a tab switched away from and killed).
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, []);

  return {
    offered,
    carryOn() {
      const draft = offered;
      setOffered(undefined);
      setWriting('on');
      return draft;
    },
    discardOffered() {
      setOffered(undefined);
      setWriting('on');
      if (key !== undefined) void removeDraft(key);
    },
    close() {
      stop();
      setOffered(undefined);
      setWriting('off');
      if (key !== undefined) void removeDraft(key);
    },
    reopen() {
      setWriting('on');
    },
  };
}
