import type { LeafletMouseEvent } from 'leaflet';
import { useEffect } from 'react';
import {
  CircleMarker,
  MapContainer,
  Marker,
  Polygon,
  Polyline,
  TileLayer,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import type { Corner } from '../../lib/geo';
import { MAP_CENTRE, MAP_ZOOM, markerIcon, OSM_TILES } from '../../ui/map-basics';
import { GROUND_ZOOM, type MapView } from './opening-view';

interface BoundaryMapProps {
  /** The corners tapped so far, in order. */
  corners: readonly Corner[];
  /** Whether the shape is closed (a boundary) or still being drawn. */
  closed: boolean;
  centre: Corner | undefined;
  /** Where the map looks: each new view moves it there (the opening one, a place searched for, the phone's). */
  view: MapView | undefined;
  /** A place searched for, ringed so it can be found on the map. */
  found: Corner | undefined;
  /** A tap on the map: a corner or the centre, as the page is drawing. */
  onTap(latitude: number, longitude: number): void;
}

function TapToDraw({ onTap }: { onTap: BoundaryMapProps['onTap'] }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onTap(event.latlng.lat, event.latlng.lng) });
  return null;
}

/** Moves the map to each view it is given; between them the user moves it themselves. */
function ShowView({ view }: { view: MapView | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (view?.kind === 'bounds')
      map.fitBounds(
        view.corners.map(([latitude, longitude]) => [latitude, longitude]),
        { padding: [24, 24], maxZoom: GROUND_ZOOM, animate: false },
      );
    else if (view?.kind === 'centre')
      map.setView([view.centre[0], view.centre[1]], view.zoom, { animate: false });
  }, [map, view]);
  return null;
}

/** A map on which a finger taps the corners of a ground (or its centre); the buttons beside it do the rest. */
export default function BoundaryMap({ corners, closed, centre, view, found, onTap }: BoundaryMapProps) {
  const positions = corners.map(([latitude, longitude]) => [latitude, longitude] as [number, number]);
  return (
    <div
      className="pin-map boundary-map"
      role="group"
      aria-label="Map: tap to place each corner of the ground"
    >
      {/* Two quick taps are two corners, not a zoom: the + and - buttons and a pinch zoom instead. */}
      <MapContainer
        center={MAP_CENTRE}
        zoom={MAP_ZOOM}
        className="pin-map__map"
        scrollWheelZoom={false}
        doubleClickZoom={false}
      >
        <TileLayer attribution={OSM_TILES.attribution} url={OSM_TILES.url} crossOrigin />
        <TapToDraw onTap={onTap} />
        <ShowView view={view} />
        {closed && positions.length >= 3 ? (
          <Polygon positions={positions} pathOptions={{ color: '#2f6b3a', weight: 3 }} />
        ) : (
          <Polyline positions={positions} pathOptions={{ color: '#2f6b3a', weight: 3, dashArray: '6 6' }} />
        )}
        {positions.map((position, index) => (
          <CircleMarker
            key={`${index}-${position.join(',')}`}
            center={position}
            radius={7}
            pathOptions={{ color: '#2f6b3a', fillOpacity: 0.9 }}
            interactive={false}
          />
        ))}
        {found ? (
          <CircleMarker
            center={[found[0], found[1]]}
            radius={14}
            pathOptions={{ color: '#8a4b0f', weight: 3, fillOpacity: 0 }}
            interactive={false}
          />
        ) : null}
        {centre ? <Marker position={[centre[0], centre[1]]} icon={markerIcon} keyboard={false} /> : null}
      </MapContainer>
    </div>
  );
}
