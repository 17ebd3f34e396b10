import { ScreenHeader } from '../../ui/ScreenHeader';
import { formatNumber } from '@cull-log/domain';
import {
  MAP_POINTS_LIMIT,
  OTHER,
  SEXES,
  SPECIES,
  type CullsAtQuery,
  type MapCull,
  type MapPoint,
  type MapPointsResponse,
} from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import type { MapFilters } from './api';
import { cullsAtQuery, mapPointsQuery } from './api';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Select } from '../../ui/Select';
import { CullMap } from './CullMap';
import { CullPopup } from './CullPopup';
import { StatusMessage } from '../../ui/StatusMessage';
import { formatDate } from '../../lib/format';
import { seasonLabel, useSeasons } from '../seasons';
import { outingsQuery } from '../grounds/api';
import { sightingMarks } from './sighting-marks';
import { useSession } from '../../api/useSession';
import { useScreen } from '../../ui/screen';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { mayRecord, TeamScopeNote, useTeamScope } from '../teams';
import { scopeGroundsQuery } from '../teams/api';

const ALL = 'all';
const FILTER_SPECIES = SPECIES.filter((species) => species !== OTHER);

interface FiltersProps {
  filters: MapFilters;
  onChange(filters: MapFilters): void;
  grounds: { id: string; label: string }[];
  id?: string;
  isHidden?: boolean;
}

/** Season, species, sex and ground: each "All" until one is chosen. */
function MapFilterBar({ filters, onChange, grounds, id, isHidden = false }: FiltersProps) {
  const { options } = useSeasons();
  const choice = (value: string) => (value === '' || value === ALL ? undefined : value);
  return (
    <div className="map-filters" role="group" aria-label="Filters" id={id} hidden={isHidden}>
      <Select
        label="Season"
        name="map_season"
        options={[{ id: ALL, label: 'All seasons' }, ...options]}
        value={filters.season ?? ALL}
        onChange={(season) => onChange({ ...filters, season: choice(season) })}
      />
      <Select
        label="Species"
        name="map_species"
        options={[{ id: ALL, label: 'All species' }, ...FILTER_SPECIES]}
        value={filters.species ?? ALL}
        onChange={(species) => onChange({ ...filters, species: choice(species) })}
      />
      <Select
        label="Sex"
        name="map_sex"
        options={[{ id: ALL, label: 'Either sex' }, ...SEXES]}
        value={filters.sex ?? ALL}
        onChange={(sex) => onChange({ ...filters, sex: choice(sex) as MapFilters['sex'] })}
      />
      {grounds.length > 0 ? (
        <Select
          label="Ground"
          name="map_ground"
          options={[{ id: ALL, label: 'All grounds' }, ...grounds]}
          value={filters.ground_id ?? ALL}
          onChange={(ground) => onChange({ ...filters, ground_id: choice(ground) })}
        />
      ) : null}
    </div>
  );
}

const NO_POINTS: MapPointsResponse = { species: [], points: [], truncated: false };

/** Whether a point the user opened is still drawn: a filter may have taken its records off the map. */
const isDrawn = (point: CullsAtQuery, points: readonly MapPoint[]) =>
  points.some(([latitude, longitude]) => latitude === point.latitude && longitude === point.longitude);

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
  const { heading, lead } = useScreen();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const [filters, setFilters] = useState<MapFilters>({});
  const [layer, setLayer] = useState<'markers' | 'heat'>('markers');
  const [deerSeen, setDeerSeen] = useState(false);
  const [heatSummary, setHeatSummary] = useState('');
  const onHeatSummary = useCallback((summary: string) => setHeatSummary(summary), []);
  const scope = useTeamScope();
  const mapPointsQueried = useQuery({ ...mapPointsQuery(filters, scope.teamId), enabled: signedIn });
  // The whole page is drawn once the points arrive: as a transition, so that drawing it yields to the browser.
  const mapPoints = useDeferredValue(mapPointsQueried);
  const grounds = useQuery({
    ...scopeGroundsQuery(scope.teamId),
    enabled: signedIn,
  });
  // Deer seen are the user's own, of the season chosen (the current one when all are shown).
  const { current: currentSeason } = useSeasons();
  const sightingsSeason = filters.season ?? currentSeason;
  const ownMap = scope.teamId === undefined;
  const outings = useQuery({
    ...outingsQuery(sightingsSeason),
    enabled: signedIn && ownMap && deerSeen,
  });
  const sightings =
    deerSeen && ownMap && outings.data ? sightingMarks(outings.data.items, filters) : undefined;
  const chosenFilters = Object.values(filters).filter((value) => value !== undefined).length;
  const filtered = chosenFilters > 0;
  // On a phone the filters fold away under one button, so the map is on the first screen; a desk has room for them.
  const isPhone = useMediaQuery('(max-width: 40em)');
  const [filtersShown, setFiltersShown] = useState<boolean | null>(null);
  const isFilterBarOpen = filtersShown ?? !isPhone;
  const filtersId = useId();
  const [selected, setSelected] = useState<CullsAtQuery | null>(null);
  // The popup reads this result in a later render (Leaflet opens it first), so the page must not track only what
  // it reads itself.
  const recordsAtSelected = useQuery({
    ...cullsAtQuery(selected, scope.teamId),
    notifyOnChangeProps: 'all',
  });

  let notice = null;
  let mapped = NO_POINTS;
  if (session.status === 'loading' || (signedIn && mapPoints.isPending)) {
    return (
      <div className="page page--wide">
        <h1>{heading}</h1>
        <p className="page__lead">{lead}</p>
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
  } else if (mapPoints.isError && mapPoints.data === undefined) {
    notice = <StatusMessage kind="error">Error loading data: {errorMessage(mapPoints.error)}</StatusMessage>;
  } else if (mapPoints.data && mapPoints.data.points.length === 0 && filtered) {
    notice = (
      <Notice title="No located records match these filters." hint="Choose All in a filter to see more." />
    );
  } else if (mapPoints.data && mapPoints.data.points.length === 0) {
    notice = (
      <Notice
        title={
          scope.teamId === undefined
            ? 'No cull records with location data found.'
            : 'No located culls on the team’s grounds yet.'
        }
        hint="Add records with GPS coordinates to see them on the map."
      >
        {mayRecord(scope) ? <ButtonLink to="/add-cull">+ Add Cull</ButtonLink> : null}
      </Notice>
    );
  } else if (mapPoints.data) {
    mapped = mapPoints.data;
  }
  const located = mapped.points.length;
  // A popup stays open only on a marker still drawn: the heatmap, or a filter that hides its records, closes it,
  // and it stays closed when the marker comes back.
  const openPoint =
    selected !== null && layer === 'markers' && isDrawn(selected, mapped.points) ? selected : null;
  if (selected !== null && openPoint === null) setSelected(null);
  const filterBar = (
    <MapFilterBar
      id={filtersId}
      isHidden={!isFilterBarOpen}
      filters={filters}
      onChange={setFilters}
      grounds={(grounds.data ?? []).map((ground) => ({ id: ground.id, label: ground.name }))}
    />
  );

  return (
    <div className="page page--wide">
      <ScreenHeader />
      <TeamScopeNote scope={scope} what="every member’s located culls on the team’s grounds." />
      {/* Under the line the page opened with, so that nothing already shown moves when the count arrives. */}
      {located > 0 ? (
        <p className="muted">
          {located === 1 ? '1 record' : `${formatNumber(located)} records`} with coordinates
        </p>
      ) : null}
      {signedIn ? (
        <>
          {isPhone ? null : filterBar}
          <div className="map-toolbar">
            {isPhone ? (
              <Button
                variant="secondary"
                aria-expanded={isFilterBarOpen}
                aria-controls={filtersId}
                onPress={() => setFiltersShown(!isFilterBarOpen)}
              >
                <span aria-hidden="true">{isFilterBarOpen ? '▾ ' : '▸ '}</span>
                {chosenFilters === 0 ? 'Filters' : `Filters (${chosenFilters} chosen)`}
              </Button>
            ) : null}
            <div className="map-layers" role="group" aria-label="Show records as">
              <Button
                variant={layer === 'markers' ? 'primary' : 'secondary'}
                aria-pressed={layer === 'markers'}
                onPress={() => setLayer('markers')}
              >
                Markers
              </Button>
              <Button
                variant={layer === 'heat' ? 'primary' : 'secondary'}
                aria-pressed={layer === 'heat'}
                onPress={() => setLayer('heat')}
              >
                Heatmap
              </Button>
            </div>
            {ownMap ? (
              <div className="map-layers" role="group" aria-label="Also show">
                <Button
                  variant={deerSeen ? 'primary' : 'secondary'}
                  aria-pressed={deerSeen}
                  onPress={() => setDeerSeen(!deerSeen)}
                >
                  Deer seen
                </Button>
              </div>
            ) : null}
          </div>
          {isPhone ? filterBar : null}
          {layer === 'heat' ? (
            <p className="map-heat-summary" role="status">
              {heatSummary}
            </p>
          ) : null}
        </>
      ) : null}
      {deerSeen && ownMap ? (
        <p className="map-legend" role="status">
          <span className="map-legend__swatch map-legend__swatch--sighting" aria-hidden="true" />
          {outings.isError
            ? `Deer seen could not be read: ${errorMessage(outings.error)}`
            : sightings === undefined
              ? 'Reading deer seen...'
              : `Deer seen: ${sightings.length === 0 ? 'no places marked' : sightings.length === 1 ? '1 place marked' : `${formatNumber(sightings.length)} places marked`} on your outings of ${seasonLabel(sightingsSeason)}`}
        </p>
      ) : null}
      {notice}
      {mapped.truncated ? (
        <p className="map-truncated" role="status">
          Showing the newest {formatNumber(MAP_POINTS_LIMIT)} located records.
        </p>
      ) : null}
      <CullMap
        points={mapped.points}
        species={mapped.species}
        selected={openPoint}
        onSelect={setSelected}
        popup={<CullPopup records={recordsAtSelected} />}
        grounds={grounds.data}
        layer={layer}
        onHeatSummary={onHeatSummary}
        sightings={sightings}
      />
      <div className="map-selection" aria-live="polite">
        {openPoint !== null && recordsAtSelected.data ? <Selection records={recordsAtSelected.data} /> : null}
      </div>
    </div>
  );
}
