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

interface BoundaryMapProps {
  /** The corners tapped so far, in order. */
  corners: readonly Corner[];
  /** Whether the shape is closed (a boundary) or still being drawn. */
  closed: boolean;
  centre: Corner | undefined;
  /** A tap on the map: a corner or the centre, as the page is drawing. */
  onTap(latitude: number, longitude: number): void;
}

const GROUND_ZOOM = 14;

function TapToDraw({ onTap }: { onTap: BoundaryMapProps['onTap'] }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onTap(event.latlng.lat, event.latlng.lng) });
  return null;
}

/** Opens on the ground being redrawn, once. */
function FitOnce({ corners, centre }: { corners: readonly Corner[]; centre: Corner | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (corners.length >= 3)
      map.fitBounds(
        corners.map(([a, b]) => [a, b]),
        { padding: [24, 24], animate: false },
      );
    else if (centre) map.setView([centre[0], centre[1]], GROUND_ZOOM, { animate: false });
    // Only on opening: the user moves the map themselves while drawing.
  }, [map]);
  return null;
}

/** A map on which a finger taps the corners of a ground (or its centre); the buttons beside it do the rest. */
export default function BoundaryMap({ corners, closed, centre, onTap }: BoundaryMapProps) {
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
        <FitOnce corners={corners} centre={centre} />
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
        {centre ? <Marker position={[centre[0], centre[1]]} icon={markerIcon} keyboard={false} /> : null}
      </MapContainer>
    </div>
  );
}
