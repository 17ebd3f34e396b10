import type { MapCull } from '@cull-log/contracts';
import L from 'leaflet';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import { formatDate } from '../format/format';
import { CullPopup } from './CullPopup';

export const MAP_CENTRE: [number, number] = [52.5, -1.5];
export const MAP_ZOOM = 6;

// Leaflet finds its default icons by a CSS path that bundlers break, so the images are imported and set here.
const markerIcon = L.icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

interface CullMapProps {
  culls: MapCull[];
  selected: MapCull | null;
  onSelect(cull: MapCull | null): void;
}

/** Markers are built once per data set, so selecting one does not re-render thousands of them. */
export function CullMap({ culls, selected, onSelect }: CullMapProps) {
  const markers = useMemo(
    () =>
      culls.map((cull) => (
        <Marker
          key={cull.id}
          position={[cull.latitude, cull.longitude]}
          icon={markerIcon}
          title={`${cull.species} at ${cull.location_name}, ${formatDate(cull.date)}`}
          alt={`${cull.species} at ${cull.location_name}`}
          eventHandlers={{ click: () => onSelect(cull) }}
        />
      )),
    [culls, onSelect],
  );

  const popupPosition = useMemo<[number, number] | null>(
    () => (selected ? [selected.latitude, selected.longitude] : null),
    [selected],
  );

  return (
    <MapContainer center={MAP_CENTRE} zoom={MAP_ZOOM} className="map" scrollWheelZoom>
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <MarkerClusterGroup chunkedLoading>{markers}</MarkerClusterGroup>
      {selected && popupPosition ? (
        <Popup
          key={selected.id}
          position={popupPosition}
          offset={[1, -34]}
          eventHandlers={{ remove: () => onSelect(null) }}
        >
          <CullPopup cull={selected} />
        </Popup>
      ) : null}
    </MapContainer>
  );
}
