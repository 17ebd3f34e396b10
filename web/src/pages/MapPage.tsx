import {
  MAP_POINTS_LIMIT,
  type CullsAtQuery,
  type MapCull,
  type MapPointsResponse,
} from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { cullsAtQuery, mapPointsQuery } from '../api/queries';
import { ButtonLink } from '../components/ButtonLink';
import { CullMap } from '../components/CullMap';
import { CullPopup } from '../components/CullPopup';
import { StatusMessage } from '../components/StatusMessage';
import { formatDate } from '../format/format';
import { useSession } from '../hooks/useSession';

const NO_POINTS: MapPointsResponse = { species: [], points: [], truncated: false };
const grouped = new Intl.NumberFormat('en-GB');

function Notice({ title, hint, children }: { title: string; hint: string; children?: ReactNode }) {
  return (
    <div className="card map-notice" role="status">
      <p className="map-notice__title">{title}</p>
      <p className="map-notice__hint">{hint}</p>
      {children}
    </div>
  );
}

/** The open point in words, for screen readers: its newest record, and how many more share the point. */
function Selection({ records }: { records: MapCull[] }) {
  const [newest] = records;
  if (!newest) return null;
  return (
    <p>
      Selected: {records.length === 1 ? null : `${records.length} records here, the newest `}
      {newest.species} at {newest.location_name} on {formatDate(newest.date)}.{' '}
      <Link to={`/view-cull/${encodeURIComponent(newest.id)}`}>View record</Link>
    </p>
  );
}

export default function MapPage() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const mapPoints = useQuery({ ...mapPointsQuery(), enabled: signedIn });
  const [selected, setSelected] = useState<CullsAtQuery | null>(null);
  // The popup reads this result in a later render (Leaflet opens it first), so the page must not track only what
  // it reads itself.
  const recordsAtSelected = useQuery({ ...cullsAtQuery(selected), notifyOnChangeProps: 'all' });

  let notice = null;
  let mapped = NO_POINTS;
  if (session.status === 'loading' || (signedIn && mapPoints.isPending)) {
    return (
      <div className="page page--wide">
        <h1>Interactive Map</h1>
        <StatusMessage>Loading map...</StatusMessage>
      </div>
    );
  }
  if (!signedIn) {
    notice = (
      <Notice
        title="Please log in to view your cull records on the map."
        hint="Your records are private: only you can see them, once you have signed in."
      >
        <ButtonLink to="/login">Login to View Records</ButtonLink>
      </Notice>
    );
  } else if (mapPoints.isError) {
    notice = <StatusMessage kind="error">Error loading data: {errorMessage(mapPoints.error)}</StatusMessage>;
  } else if (mapPoints.data && mapPoints.data.points.length === 0) {
    notice = (
      <Notice
        title="No cull records with location data found."
        hint="Add records with GPS coordinates to see them on the map."
      >
        <ButtonLink to="/add-cull">+ Add Cull</ButtonLink>
      </Notice>
    );
  } else if (mapPoints.data) {
    mapped = mapPoints.data;
  }
  const located = mapped.points.length;

  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1>Interactive Map</h1>
        {located > 0 ? (
          <p className="muted">
            {located === 1 ? '1 record' : `${grouped.format(located)} records`} with coordinates
          </p>
        ) : null}
      </div>
      {notice}
      {mapped.truncated ? (
        <p className="map-truncated" role="status">
          Showing the newest {grouped.format(MAP_POINTS_LIMIT)} located records.
        </p>
      ) : null}
      <CullMap
        points={mapped.points}
        species={mapped.species}
        selected={selected}
        onSelect={setSelected}
        popup={<CullPopup records={recordsAtSelected} />}
      />
      <div className="map-selection" aria-live="polite">
        {recordsAtSelected.data ? <Selection records={recordsAtSelected.data} /> : null}
      </div>
    </div>
  );
}
