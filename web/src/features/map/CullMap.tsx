import type { CullsAtQuery, Ground, MapPoint } from '@cull-log/contracts';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MapContainer, Marker, Polygon, Popup, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { cornersOf } from '../../lib/geo';
import { Button } from '../../ui/Button';
import { cellSizeFor, cellSizeWords, heatGrid } from './heat-grid';
import {
  boundsOf,
  clusterIcon,
  MAP_CENTRE,
  MAP_ZOOM,
  OSM_TILES,
  pointMarkerIcon,
  TOUCH_TARGET,
} from '../../ui/map-basics';
import { locationFailure } from '../../lib/location-failure';
import type { SightingMark } from './sighting-marks';

/** Close enough to see the ground around one record, or around the user, without losing the woods. */
const CLOSE_ZOOM = 14;

/** A click, or Enter on a focused marker (which Leaflet reports as a keypress, not a click). */
function isActivation(event: L.LeafletEvent): boolean {
  return event.type === 'click' || (event as L.LeafletKeyboardEvent).originalEvent.key === 'Enter';
}

interface PointMarkersProps {
  points: MapPoint[];
  species: string[];
  onOpen(point: CullsAtQuery): void;
}

/**
 * One marker per point, handed to the cluster group in one chunked `addLayers` rather than as a React component
 * each, with one listener on the group rather than one per marker: clustering 10,000 points costs about a quarter
 * of a second. The map's element carries `data-points-rendered` (the count) once they are in.
 */
function PointMarkers({ points, species, onOpen }: PointMarkersProps) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    let current = true;
    const group = L.markerClusterGroup({
      iconCreateFunction: clusterIcon,
      chunkedLoading: true,
      // A short pause between chunks is enough to keep the page responsive; the default 50 ms adds up.
      chunkDelay: 5,
      // Called before the group draws its clusters, in the same task, so nothing can observe the gap; joining the
      // map reports an empty pass first, which the count tells apart.
      chunkProgress: (processed, total) => {
        if (current && processed === total && total === points.length) {
          container.dataset.pointsRendered = String(total);
        }
      },
    });
    // Each marker's point, kept here because a spiderfied marker's own position is moved off it.
    const pointOf = new Map<L.Layer, CullsAtQuery>();
    const icon = pointMarkerIcon();
    const markers = points.map(([latitude, longitude, speciesIndex]) => {
      const name = species[speciesIndex] ?? 'Record';
      const marker = L.marker([latitude, longitude], { icon, title: name, alt: name });
      pointOf.set(marker, { latitude, longitude });
      return marker;
    });
    group.on('click keypress', (event) => {
      const point = pointOf.get(event.layer as L.Layer);
      if (point && isActivation(event)) onOpen(point);
    });
    // On the map first: a group off the map checks each new marker against every one it holds (quadratic).
    map.addLayer(group);
    group.addLayers(markers);
    return () => {
      current = false;
      map.removeLayer(group);
      delete container.dataset.pointsRendered;
    };
  }, [map, points, species, onOpen]);
  return null;
}

/** How busy a cell is, in five steps from pale to dark. */
const HEAT_COLOURS = ['#fde0c5', '#facba6', '#f59e72', '#e76f51', '#b23a2a'];

/**
 * The points as an equal-area grid of counts, cells of about 40 px at the zoom, drawn again when the zoom changes.
 * The map's element carries `data-heat-cells` (the count of cells drawn); `onSummary` says it in words.
 */
function HeatCells({ points, onSummary }: { points: MapPoint[]; onSummary(summary: string): void }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useEffect(() => {
    const follow = () => setZoom(map.getZoom());
    map.on('zoomend', follow);
    return () => {
      map.off('zoomend', follow);
    };
  }, [map]);
  useEffect(() => {
    const container = map.getContainer();
    const size = cellSizeFor(zoom, map.getCenter().lat);
    const cells = heatGrid(points, size);
    const busiest = cells[0]?.count ?? 0;
    const layer = L.layerGroup(
      cells.map((cell) => {
        const step = Math.min(
          HEAT_COLOURS.length - 1,
          Math.floor((cell.count / busiest) * HEAT_COLOURS.length),
        );
        return L.rectangle(
          [
            [cell.south, cell.west],
            [cell.north, cell.east],
          ],
          {
            color: HEAT_COLOURS[step],
            weight: 1,
            fillColor: HEAT_COLOURS[step],
            fillOpacity: 0.7,
            interactive: false,
          },
        );
      }),
    );
    map.addLayer(layer);
    container.dataset.heatCells = String(cells.length);
    onSummary(
      cells.length === 0
        ? 'No records to count.'
        : `Records counted in squares of ${cellSizeWords(size)}: ${cells.length} ${cells.length === 1 ? 'square' : 'squares'}, the busiest with ${busiest}.`,
    );
    return () => {
      map.removeLayer(layer);
      delete container.dataset.heatCells;
    };
  }, [map, points, zoom, onSummary]);
  return null;
}

/** The user's ground boundaries, named, under the records; they take no taps. */
function GroundBoundaries({ grounds }: { grounds: Ground[] }) {
  return (
    <>
      {grounds
        .filter((ground) => ground.boundary !== null && !ground.archived)
        .map((ground) => (
          <Polygon
            key={`${ground.id}:${ground.version}`}
            positions={cornersOf(ground.boundary).map(([a, b]) => [a, b] as [number, number])}
            pathOptions={{ color: '#2f6b3a', weight: 2, fillOpacity: 0.08 }}
            interactive={false}
          >
            <Tooltip permanent direction="center" className="ground-label">
              {ground.name}
            </Tooltip>
          </Polygon>
        ))}
    </>
  );
}

/** A deer-seen mark: a round dot of its own colour, unlike a record's pin, a finger's width to tap. */
const sightingIcon = L.divIcon({
  className: 'sighting-mark',
  html: '<span class="sighting-mark__dot"></span>',
  iconSize: [TOUCH_TARGET, TOUCH_TARGET],
  iconAnchor: [TOUCH_TARGET / 2, TOUCH_TARGET / 2],
  popupAnchor: [0, -10],
});

/** Where deer were seen on the user's outings, apart from the records' clusters; a tap says what was seen. */
function SightingMarks({ marks }: { marks: readonly SightingMark[] }) {
  return (
    <>
      {marks.map((mark) => (
        <Marker
          key={mark.key}
          position={[mark.latitude, mark.longitude]}
          icon={sightingIcon}
          title={mark.label}
          alt={mark.label}
        >
          <Popup>{mark.label}</Popup>
        </Marker>
      ))}
    </>
  );
}

/** The view of a set of records: room for a whole 44 px cluster at the edge, clear of the attribution along the foot. */
const FIT_TO_POINTS: L.FitBoundsOptions = { padding: [48, 48], maxZoom: CLOSE_ZOOM, animate: false };

/**
 * Opens on the user's own records, once, when they first arrive after the map opened without any (a map that opened
 * with records opened on them); with none the fixed view stays.
 */
function FitToPoints({ points, openedOnPoints }: { points: MapPoint[]; openedOnPoints: boolean }) {
  const map = useMap();
  const [fitted, setFitted] = useState(openedOnPoints);
  useEffect(() => {
    const bounds = boundsOf(points);
    if (fitted || !bounds) return;
    setFitted(true);
    map.fitBounds(bounds, FIT_TO_POINTS);
  }, [map, points, fitted]);
  return null;
}

/**
 * Takes in the deer-seen marks when the layer is turned on: a view that already holds them all stays; one that misses
 * any moves to show them all. Once each time the layer comes on, so the stalker's own moves are left alone after.
 */
function ShowSightings({ marks }: { marks: readonly SightingMark[] }) {
  const map = useMap();
  const shown = useRef(false);
  useEffect(() => {
    if (marks.length === 0) {
      shown.current = false;
      return;
    }
    if (shown.current) return;
    shown.current = true;
    const bounds = L.latLngBounds(marks.map((mark) => [mark.latitude, mark.longitude]));
    if (!map.getBounds().contains(bounds)) map.fitBounds(bounds, FIT_TO_POINTS);
  }, [map, marks]);
  return null;
}

type Locating = { status: 'idle' | 'locating' | 'found' } | { status: 'failed'; reason: string };

/** "Centre on me": the map moves to where the phone says it is. */
function CentreOnMe({ map }: { map: L.Map | null }) {
  const [locating, setLocating] = useState<Locating>({ status: 'idle' });
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return null;
  function centre() {
    setLocating({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        map?.setView([coords.latitude, coords.longitude], Math.max(map.getZoom(), CLOSE_ZOOM));
        setLocating({ status: 'found' });
      },
      (error) => setLocating({ status: 'failed', reason: locationFailure(error) }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }
  return (
    <div className="map-locate">
      <p className="map-locate__status" role="status">
        {locating.status === 'found'
          ? 'The map is centred on your location.'
          : locating.status === 'failed'
            ? locating.reason
            : ''}
      </p>
      <Button variant="secondary" onPress={centre} isDisabled={!map || locating.status === 'locating'}>
        {locating.status === 'locating' ? 'Finding you...' : 'Centre on me'}
      </Button>
    </div>
  );
}

interface CullMapProps {
  points: MapPoint[];
  species: string[];
  /** The point whose popup is open. */
  selected: CullsAtQuery | null;
  onSelect(point: CullsAtQuery | null): void;
  /** What the open popup shows; Leaflet re-lays the popup out whenever this changes. */
  popup: ReactNode;
  /** The user's grounds, whose boundaries are drawn. */
  grounds?: Ground[] | undefined;
  /** Markers (clustered), or a heatmap of counts. */
  layer?: 'markers' | 'heat';
  /** The heatmap in words, for the page to show beside the map. */
  onHeatSummary?: (summary: string) => void;
  /** Where deer were seen, when that layer is on. */
  sightings?: readonly SightingMark[];
}

const ignore = () => undefined;
const NO_SIGHTINGS: readonly SightingMark[] = [];

/**
 * Its children are drawn in the drawing after the one that makes the map: the map, then its tiles, markers and
 * boundaries, each apart, rather than all at once in one long wait for the browser.
 */
function Later({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null;
}

export function CullMap({
  points,
  species,
  selected,
  onSelect,
  popup,
  grounds = [],
  layer = 'markers',
  onHeatSummary = ignore,
  sightings = NO_SIGHTINGS,
}: CullMapProps) {
  const popupPosition = useMemo<[number, number] | null>(
    () => (selected ? [selected.latitude, selected.longitude] : null),
    [selected],
  );

  const [map, setMap] = useState<L.Map | null>(null);
  // The map opens on the records it is given, so its tiles are laid out once, for their view, rather than for the
  // whole country and then again.
  const [opening] = useState(() => boundsOf(points));
  const view = opening
    ? { bounds: opening, boundsOptions: FIT_TO_POINTS }
    : { center: MAP_CENTRE, zoom: MAP_ZOOM };

  return (
    <div>
      {/* Above the map and outside its element, so it covers nothing and the map never swallows its presses. */}
      <CentreOnMe map={map} />
      <MapContainer ref={setMap} {...view} className="map" scrollWheelZoom>
        <Later>
          <TileLayer attribution={OSM_TILES.attribution} url={OSM_TILES.url} crossOrigin />
          <FitToPoints points={points} openedOnPoints={opening !== null} />
          <GroundBoundaries grounds={grounds} />
          {layer === 'heat' ? (
            <HeatCells points={points} onSummary={onHeatSummary} />
          ) : (
            <PointMarkers points={points} species={species} onOpen={onSelect} />
          )}
          <SightingMarks marks={sightings} />
          <ShowSightings marks={sightings} />
        </Later>
        {popupPosition ? (
          <Popup
            key={popupPosition.join(',')}
            position={popupPosition}
            offset={[1, -34]}
            maxHeight={360}
            // Room for the zoom buttons, which otherwise cover the popup's top left corner on a phone.
            autoPanPaddingTopLeft={[56, 10]}
            eventHandlers={{ remove: () => onSelect(null) }}
          >
            {popup}
          </Popup>
        ) : null}
      </MapContainer>
    </div>
  );
}
