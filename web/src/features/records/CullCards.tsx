import { sexLabel } from '@cull-log/domain';
import type { CullPhoto, CullView, SortColumn } from '@cull-log/contracts';
import { Link } from 'react-router-dom';
import { photoUrl } from '../../api/photos';
import { formatDate, formatWeight } from '../../lib/format';
import { Select } from '../../ui/Select';
import { SyncBadge } from './SyncBadge';
import { WarningMark } from './WarningMark';
import { culledByName } from '../teams';

/** The sort choices the cards offer, as the table's headers do, newest first where it matters. */
export const CARD_SORTS: { label: string; sort: SortColumn; order: 'asc' | 'desc' }[] = [
  { label: 'Newest recorded', sort: 'created_at', order: 'desc' },
  { label: 'Date, newest first', sort: 'date', order: 'desc' },
  { label: 'Date, oldest first', sort: 'date', order: 'asc' },
  { label: 'Species, A to Z', sort: 'species', order: 'asc' },
  { label: 'Location, A to Z', sort: 'location_name', order: 'asc' },
  { label: 'Weight, heaviest first', sort: 'weight', order: 'desc' },
];

interface CullCardsProps {
  items: readonly CullView[];
  emptyText: string;
  sort: SortColumn;
  order: 'asc' | 'desc';
  onSortChange(sort: SortColumn, order: 'asc' | 'desc'): void;
  /** A team's records: each card says who culled it. */
  showCulledBy?: boolean;
}

/** A card's photos as small thumbnails; the record's own page opens each whole. */
function CardPhotos({ recordId, photos }: { recordId: string; photos: readonly CullPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <span className="cull-card__photos">
      {photos.map((photo, index) => (
        <img
          key={photo.id}
          className="cull-card__photo"
          src={photoUrl(recordId, photo.id, 'thumb')}
          alt={`Photo ${index + 1} of ${photos.length}`}
          loading="lazy"
        />
      ))}
    </span>
  );
}

/** The records as cards, for a phone: what a stalker scans for, and a tap to open each. */
export function CullCards({ items, emptyText, sort, order, onSortChange, showCulledBy }: CullCardsProps) {
  const current = CARD_SORTS.find((choice) => choice.sort === sort && choice.order === order);
  return (
    <div className="cull-cards">
      <Select
        label="Sort by"
        name="card_sort"
        options={CARD_SORTS.map((choice) => choice.label)}
        value={current?.label ?? ''}
        onChange={(label) => {
          const chosen = CARD_SORTS.find((choice) => choice.label === label);
          if (chosen) onSortChange(chosen.sort, chosen.order);
        }}
      />
      {items.length === 0 ? (
        <p className="cull-cards__empty">{emptyText}</p>
      ) : (
        <ul className="cull-cards__list" aria-label="Cull records">
          {items.map((cull) => (
            <li key={cull.id}>
              <Link className="cull-card" to={`/view-cull/${encodeURIComponent(cull.id)}`}>
                <span className="cull-card__when">
                  {formatDate(cull.date)} {cull.time}
                </span>
                <span className="cull-card__what">
                  {cull.species}
                  <WarningMark warnings={cull.warnings} />
                </span>
                <span className="cull-card__detail">
                  {sexLabel(cull)} · {cull.age_estimate}
                  {cull.weight === undefined ? '' : ` · ${formatWeight(cull.weight)}`}
                  {cull.carcass_tag === undefined ? '' : ` · Tag ${cull.carcass_tag}`}
                </span>
                <span className="cull-card__where">
                  {cull.location_name}
                  {cull.ground_name === undefined || cull.ground_name === cull.location_name ? null : (
                    <span className="ground-tag"> ({cull.ground_name})</span>
                  )}
                </span>
                {showCulledBy ? (
                  <span className="cull-card__by">Culled by {culledByName(cull.culled_by)}</span>
                ) : null}
                <CardPhotos recordId={cull.id} photos={cull.photos ?? []} />
                <SyncBadge recordId={cull.id} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
