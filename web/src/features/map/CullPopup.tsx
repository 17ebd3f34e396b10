import { sexLabel } from '@cull-log/domain';
import type { MapCull } from '@cull-log/contracts';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../lib/format';
import { StatusMessage } from '../../ui/StatusMessage';

/** What the popup shows of a record: a map record's fields, so a full record will do as well. */
export type PopupCull = Omit<MapCull, 'latitude' | 'longitude'>;

/** The records at a point as they arrive; a TanStack Query result fits it. */
export type PopupRecords =
  { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; data: PopupCull[] };

function PopupRecord({ cull }: { cull: PopupCull }) {
  const antlers = cull.antlers_present
    ? [
        cull.antler_points === undefined ? null : `${cull.antler_points} points`,
        cull.antler_condition ?? null,
      ]
        .filter(Boolean)
        .join(', ') || 'Present'
    : null;
  return (
    <>
      <h3 className="cull-popup__title">{cull.location_name}</h3>
      <dl className="cull-popup__details">
        {cull.ground_name === undefined ? null : (
          <>
            <dt>Ground</dt>
            <dd>{cull.ground_name}</dd>
          </>
        )}
        <dt>Date</dt>
        <dd>{formatDate(cull.date)}</dd>
        <dt>Time</dt>
        <dd>{cull.time}</dd>
        <dt>Species</dt>
        <dd>{cull.species}</dd>
        <dt>Sex</dt>
        <dd>{sexLabel(cull)}</dd>
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
    </>
  );
}

/**
 * A map popup's content: every record at the marker's point (often several at one high seat), newest first,
 * built as React elements so user text is never parsed as HTML.
 */
export function CullPopup({ records }: { records: PopupRecords }) {
  let content;
  if (records.status === 'pending') {
    content = <StatusMessage>Loading records...</StatusMessage>;
  } else if (records.status === 'error') {
    content = (
      <StatusMessage kind="error">
        Could not load the records here: {errorMessage(records.error)}
      </StatusMessage>
    );
  } else if (records.data.length === 0) {
    content = <StatusMessage kind="empty">No records here any more.</StatusMessage>;
  } else {
    content = (
      <ul className="cull-popup__records">
        {records.data.map((cull) => (
          <li key={cull.id} className="cull-popup__record">
            <PopupRecord cull={cull} />
          </li>
        ))}
      </ul>
    );
  }
  return <div className="cull-popup">{content}</div>;
}
