import { PHOTO_LIMITS } from '@cull-log/contracts';
import { useRef, useState, type RefObject } from 'react';
import { photoUrl } from '../../api/photos';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { Button } from '../../ui/Button';
import { PHONE_QUERY } from './CarcassSections';
import type { PhotoDraft } from './photo-draft';

interface PhotosSectionProps {
  draft: PhotoDraft;
  /** The record the kept photos belong to, for their thumbnails. */
  recordId: string;
  isDisabled: boolean;
}

/**
 * The record's photos, a section that opens and closes like the other optional ones: its photos as thumbnails,
 * each with Remove, and buttons to take a photo with the camera or choose some already taken.
 */
export function PhotosSection({ draft, recordId, isDisabled }: PhotosSectionProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(() => !isPhone || draft.kept.length > 0);
  const cameraInput = useRef<HTMLInputElement>(null);
  const chooseInput = useRef<HTMLInputElement>(null);
  const count = draft.kept.length + draft.added.length;
  const isFull = draft.room <= 0;
  const shown = [
    ...draft.kept.map((photo) => ({ id: photo.id, src: photoUrl(recordId, photo.id, 'thumb') })),
    ...draft.added.map((photo) => ({ id: photo.key, src: photo.previewUrl })),
  ];

  function picked(input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    // The same photo may be picked again after it was removed.
    input.value = '';
    if (files.length > 0) void draft.add(files);
  }

  const fileInput = (ref: RefObject<HTMLInputElement | null>, name: string, camera: boolean) => (
    <input
      ref={ref}
      // Not shown: the buttons above open it, with a label and a touch target of their own.
      hidden
      type="file"
      name={name}
      accept="image/*"
      {...(camera ? { capture: 'environment' } : { multiple: true })}
      onChange={(event) => picked(event.currentTarget)}
    />
  );

  return (
    <details
      className="form__section form__section--optional photos"
      open={open}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen((current) => (current === isOpen ? current : isOpen));
      }}
    >
      <summary>{count > 0 ? `Photos (${count})` : 'Photos'}</summary>
      {shown.length > 0 ? (
        <ul className="photos__list" aria-label="Photos of this record">
          {shown.map((photo, index) => (
            <li key={photo.id} className="photos__item">
              <img className="photos__thumb" src={photo.src} alt={`Photo ${index + 1}`} />
              <Button
                variant="secondary"
                className="photos__remove"
                onPress={() => draft.remove(photo.id)}
                isDisabled={isDisabled}
                aria-label={`Remove photo ${index + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="photos__actions">
        <Button
          variant="secondary"
          onPress={() => cameraInput.current?.click()}
          isDisabled={isDisabled || isFull}
        >
          Take a photo
        </Button>
        <Button
          variant="secondary"
          onPress={() => chooseInput.current?.click()}
          isDisabled={isDisabled || isFull}
        >
          Choose photos
        </Button>
        {fileInput(cameraInput, 'photo_camera', true)}
        {fileInput(chooseInput, 'photos', false)}
      </div>
      <p className="form__hint">
        Up to {PHOTO_LIMITS.perRecord} photos. They are made smaller on this device and saved with the record,
        without the location the camera wrote into them.
      </p>
      <p className="form__hint" role="status">
        {draft.preparing > 0 ? 'Preparing the photo...' : ''}
      </p>
      {draft.problem ? (
        <p className="field__error" role="alert">
          {draft.problem}
        </p>
      ) : null}
    </details>
  );
}
