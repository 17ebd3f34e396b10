import type { LeafletMouseEvent } from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useEffect } from 'react';
import { MAP_CENTRE, MAP_ZOOM, markerIcon, OSM_TILES } from '../../ui/map-basics';

interface PinMapProps {
  latitude: number | undefined;
  longitude: number | undefined;
  /** A tap drops or moves the pin; without it the map only shows where the pin is. */
  onPick?: ((latitude: number, longitude: number) => void) | undefined;
  /** What the map shows, for screen readers. */
  label?: string;
}

/** Zoom close enough to place a pin within a few metres when the pin first appears. */
const PIN_ZOOM = 15;

function PickOnTap({ onPick }: { onPick: NonNullable<PinMapProps['onPick']> }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onPick(event.latlng.lat, event.latlng.lng) });
  return null;
}

/** Keeps the pin in view when it is moved from outside the map (typed, or from the phone). */
function FollowPin({ position }: { position: [number, number] | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (position === undefined) return;
    if (!map.getBounds().contains(position)) map.setView(position, Math.max(map.getZoom(), PIN_ZOOM));
  }, [map, position?.[0], position?.[1]]);
  return null;
}

/**
 * A small map with one pin: in the form a tap drops or moves it, on the record card it shows where the record is.
 * Without tiles (no signal, none cached) it is a blank grid that still takes taps; the coordinates and grid
 * reference say the same thing in words.
 */
export default function PinMap({
  latitude,
  longitude,
  onPick,
  label = 'Map: tap to place the pin where the animal was shot',
}: PinMapProps) {
  const position: [number, number] | undefined =
    latitude === undefined || longitude === undefined ? undefined : [latitude, longitude];
  return (
    <div className="pin-map" role="group" aria-label={label}>
      <MapContainer
        center={position ?? MAP_CENTRE}
        zoom={position ? PIN_ZOOM : MAP_ZOOM}
        className="pin-map__map"
        scrollWheelZoom={false}
      >
        <TileLayer attribution={OSM_TILES.attribution} url={OSM_TILES.url} crossOrigin />
        {onPick ? <PickOnTap onPick={onPick} /> : null}
        <FollowPin position={position} />
        {position ? <Marker position={position} icon={markerIcon} keyboard={false} /> : null}
      </MapContainer>
    </div>
  );
}
