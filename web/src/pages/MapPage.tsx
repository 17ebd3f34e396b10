import type { MapCull } from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { mappedCullsQuery } from '../api/queries';
import { ButtonLink } from '../components/ButtonLink';
import { CullMap } from '../components/CullMap';
import { StatusMessage } from '../components/StatusMessage';
import { formatDate } from '../format/format';
import { useSession } from '../hooks/useSession';

const NO_CULLS: MapCull[] = [];

function Notice({ title, hint, children }: { title: string; hint: string; children?: ReactNode }) {
  return (
    <div className="card map-notice" role="status">
      <p className="map-notice__title">{title}</p>
      <p className="map-notice__hint">{hint}</p>
      {children}
    </div>
  );
}

export default function MapPage() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const culls = useQuery({ ...mappedCullsQuery(), enabled: signedIn });
  const [selected, setSelected] = useState<MapCull | null>(null);
  const select = useCallback((cull: MapCull | null) => setSelected(cull), []);

  let notice = null;
  let mapped = NO_CULLS;
  if (session.status === 'loading' || (signedIn && culls.isPending)) {
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
  } else if (culls.isError) {
    notice = <StatusMessage kind="error">Error loading data: {errorMessage(culls.error)}</StatusMessage>;
  } else if (culls.data && culls.data.length === 0) {
    notice = (
      <Notice
        title="No cull records with location data found."
        hint="Add records with GPS coordinates to see them on the map."
      >
        <ButtonLink to="/add-cull">+ Add Cull</ButtonLink>
      </Notice>
    );
  } else if (culls.data) {
    mapped = culls.data;
  }

  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1>Interactive Map</h1>
        {mapped.length > 0 ? (
          <p className="muted">
            {mapped.length === 1 ? '1 record' : `${mapped.length} records`} with coordinates
          </p>
        ) : null}
      </div>
      {notice}
      <CullMap culls={mapped} selected={selected} onSelect={select} />
      <div className="map-selection" aria-live="polite">
        {selected ? (
          <p>
            Selected: {selected.species} at {selected.location_name} on {formatDate(selected.date)}.{' '}
            <Link to={`/view-cull/${encodeURIComponent(selected.id)}`}>View record</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
