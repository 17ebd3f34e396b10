import { PHOTO_LIMITS, PHOTO_MESSAGES, type CullPhoto } from '@cull-log/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImperativeHandle, type Ref } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoRefusedError, type PreparePhoto } from './prepare-photo';
import { PHONE_QUERY } from './CarcassSections';
import { PhotosSection } from './PhotosSection';
import { usePhotoDraft, type PhotoDraft } from './photo-draft';

const RECORD_ID = '0b8f8e8e-5d3a-4a55-9a77-6a1c2f3e4d5b';

function onPhone(isPhone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: isPhone && query === PHONE_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

const photo = (n: number): CullPhoto => ({
  id: n.toString(16).padStart(32, '0'),
  content_type: 'image/jpeg',
  size: 1000,
  sha256: n.toString(16).padStart(64, '0'),
  width: 2048,
  height: 1536,
});

/** Shrinking needs a real browser's canvas (the end-to-end suite covers it); here a photo goes as picked. */
const asPicked: PreparePhoto = async (file) => {
  if (file.name.endsWith('.txt')) throw new PhotoRefusedError(PHOTO_MESSAGES.notAnImage);
  return new Blob([await file.arrayBuffer()], { type: file.type });
};

function Harness({ existing, draftRef }: { existing: CullPhoto[]; draftRef: Ref<PhotoDraft> }) {
  const draft = usePhotoDraft(existing, asPicked);
  useImperativeHandle(draftRef, () => draft);
  return <PhotosSection draft={draft} recordId={RECORD_ID} isDisabled={false} />;
}

function renderSection(existing: CullPhoto[] = []) {
  const draftRef: { current: PhotoDraft | null } = { current: null };
  render(<Harness existing={existing} draftRef={draftRef} />);
  return { draft: () => draftRef.current!, user: userEvent.setup({ delay: null }) };
}

const section = () => screen.getByText(/^Photos/, { selector: 'summary' }).closest('details')!;
const chooser = () => document.querySelector<HTMLInputElement>('input[name="photos"]')!;
const camera = () => document.querySelector<HTMLInputElement>('input[name="photo_camera"]')!;
const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], name, { type: 'image/jpeg' });

async function pick(input: HTMLInputElement, files: File[]) {
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

let previews: number;
beforeEach(() => {
  previews = 0;
  // jsdom has no blob: addresses; the section only needs one per picked photo.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:http://localhost/preview-${(previews += 1)}`),
      revokeObjectURL: vi.fn(),
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the Photos section of the form', () => {
  it('starts closed on a phone for a record without photos, open with them, and open on a larger screen', () => {
    onPhone(true);
    const { unmount } = render(<Harness existing={[]} draftRef={{ current: null }} />);
    expect(section()).not.toHaveAttribute('open');
    unmount();
    render(<Harness existing={[photo(1)]} draftRef={{ current: null }} />);
    expect(section()).toHaveAttribute('open');
    expect(section().querySelector('summary')).toHaveTextContent('Photos (1)');
  });

  it('offers the camera and the photo library: one photo from the camera, several from the library', () => {
    onPhone(false);
    renderSection();
    expect(section()).toHaveAttribute('open');
    expect(camera()).toHaveAttribute('accept', 'image/*');
    expect(camera()).toHaveAttribute('capture', 'environment');
    expect(chooser()).toHaveAttribute('accept', 'image/*');
    expect(chooser()).toHaveAttribute('multiple');
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Choose photos' })).toBeEnabled();
  });

  it("shows picked photos and the record's own as thumbnails with Remove, and saves what is left", async () => {
    onPhone(false);
    const { draft, user } = renderSection([photo(1), photo(2)]);
    await pick(chooser(), [jpeg('IMG_1.jpeg'), jpeg('IMG_2.jpeg')]);
    const list = screen.getByRole('list', { name: 'Photos of this record' });
    const thumbnails = within(list).getAllByRole('img');
    expect(thumbnails.map((image) => image.getAttribute('src'))).toEqual([
      `/api/culls/${RECORD_ID}/photos/${photo(1).id}?size=thumb`,
      `/api/culls/${RECORD_ID}/photos/${photo(2).id}?size=thumb`,
      'blob:http://localhost/preview-1',
      'blob:http://localhost/preview-2',
    ]);
    expect(thumbnails.map((image) => image.getAttribute('alt'))).toEqual([
      'Photo 1',
      'Photo 2',
      'Photo 3',
      'Photo 4',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(within(list).getAllByRole('img')).toHaveLength(2);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/preview-2');
    const commands = draft().commands(RECORD_ID);
    expect(commands.map((command) => command.kind)).toEqual(['remove-photo', 'add-photo']);
    expect(commands[0]).toEqual({ kind: 'remove-photo', recordId: RECORD_ID, photoId: photo(1).id });
    expect(commands[1]).toMatchObject({ kind: 'add-photo', recordId: RECORD_ID, fileName: 'IMG_1.jpg' });
  });

  it(`takes at most ${PHOTO_LIMITS.perRecord} photos, says so, and then offers no more`, async () => {
    onPhone(false);
    const { draft } = renderSection([photo(1), photo(2), photo(3), photo(4)]);
    await pick(chooser(), [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    expect(screen.getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.tooMany);
    expect(draft().added).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose photos' })).toBeDisabled();
  });

  it('says why a file that is not a photo was not taken, and takes the rest', async () => {
    onPhone(false);
    const { draft } = renderSection();
    await pick(camera(), [new File(['words'], 'notes.txt', { type: 'text/plain' })]);
    expect(screen.getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.notAnImage);
    await pick(chooser(), [jpeg('deer.jpg')]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(draft().added.map((added) => added.fileName)).toEqual(['deer.jpg']);
  });
});
