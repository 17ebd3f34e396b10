import type { CullsAtQuery, MapPoint } from '@cull-log/contracts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { useEffect, useMemo, type ReactNode } from 'react';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { MAP_CENTRE, MAP_ZOOM, markerIcon, OSM_TILES } from './map-basics';

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
    const markers = points.map(([latitude, longitude, speciesIndex]) => {
      const name = species[speciesIndex] ?? 'Record';
      const marker = L.marker([latitude, longitude], { icon: markerIcon, title: name, alt: name });
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

interface CullMapProps {
  points: MapPoint[];
  species: string[];
  /** The point whose popup is open. */
  selected: CullsAtQuery | null;
  onSelect(point: CullsAtQuery | null): void;
  /** What the open popup shows; Leaflet re-lays the popup out whenever this changes. */
  popup: ReactNode;
}

export function CullMap({ points, species, selected, onSelect, popup }: CullMapProps) {
  const popupPosition = useMemo<[number, number] | null>(
    () => (selected ? [selected.latitude, selected.longitude] : null),
    [selected],
  );

  return (
    <MapContainer center={MAP_CENTRE} zoom={MAP_ZOOM} className="map" scrollWheelZoom>
      <TileLayer attribution={OSM_TILES.attribution} url={OSM_TILES.url} crossOrigin />
      <PointMarkers points={points} species={species} onOpen={onSelect} />
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
  );
}
