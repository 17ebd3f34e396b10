import type { CullPhoto } from '@cull-log/contracts';
import { photoUrl } from '../../api/photos';

interface PhotoGalleryProps {
  recordId: string;
  photos: readonly CullPhoto[] | undefined;
  /** What the photos are of, for their descriptions, e.g. "Roe Deer at Home Wood". */
  subject: string;
}

/** A record's photos as thumbnails, each opening the whole photo. */
export function PhotoGallery({ recordId, photos = [], subject }: PhotoGalleryProps) {
  if (photos.length === 0) return null;
  return (
    <section className="photo-gallery" aria-labelledby="photo-gallery-heading">
      <h2 id="photo-gallery-heading">Photos</h2>
      <ul className="photos__list">
        {photos.map((photo, index) => (
          <li key={photo.id} className="photos__item">
            <a className="photos__open" href={photoUrl(recordId, photo.id)} target="_blank" rel="noopener">
              <img
                className="photos__thumb"
                src={photoUrl(recordId, photo.id, 'thumb')}
                alt={`Photo ${index + 1} of ${photos.length}: ${subject}, open the whole photo`}
                width={photo.width >= photo.height ? 160 : Math.round((160 * photo.width) / photo.height)}
                height={photo.height >= photo.width ? 160 : Math.round((160 * photo.height) / photo.width)}
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
