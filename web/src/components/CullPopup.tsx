import type { MapCull } from '@cull-log/contracts';
import { Link } from 'react-router-dom';
import { formatDate } from '../format/format';

/** What the popup shows: a map record's fields, so a full record will do as well. */
export type PopupCull = Omit<MapCull, 'latitude' | 'longitude'>;

/** A map popup's content, built as React elements so user text is never parsed as HTML. */
export function CullPopup({ cull }: { cull: PopupCull }) {
  const antlers = cull.antlers_present
    ? [
        cull.antler_points === undefined ? null : `${cull.antler_points} points`,
        cull.antler_condition ?? null,
      ]
        .filter(Boolean)
        .join(', ') || 'Present'
    : null;
  return (
    <div className="cull-popup">
      <h3 className="cull-popup__title">{cull.location_name}</h3>
      <dl className="cull-popup__details">
        <dt>Date</dt>
        <dd>{formatDate(cull.date)}</dd>
        <dt>Time</dt>
        <dd>{cull.time}</dd>
        <dt>Species</dt>
        <dd>{cull.species}</dd>
        <dt>Sex</dt>
        <dd>{cull.sex}</dd>
        <dt>Age</dt>
        <dd>{cull.age_estimate}</dd>
        {cull.weight === undefined ? null : (
          <>
            <dt>Weight</dt>
            <dd>{cull.weight} kg</dd>
          </>
        )}
        <dt>Condition</dt>
        <dd>{cull.condition}</dd>
        {antlers === null ? null : (
          <>
            <dt>Antlers</dt>
            <dd>{antlers}</dd>
          </>
        )}
        <dt>Shot placement</dt>
        <dd>{cull.shot_placement}</dd>
        {cull.shot_distance === undefined ? null : (
          <>
            <dt>Distance</dt>
            <dd>{cull.shot_distance}</dd>
          </>
        )}
        {cull.notes === undefined ? null : (
          <>
            <dt>Notes</dt>
            <dd className="cull-popup__notes">{cull.notes}</dd>
          </>
        )}
      </dl>
      <Link to={`/view-cull/${encodeURIComponent(cull.id)}`}>View record</Link>
    </div>
  );
}
