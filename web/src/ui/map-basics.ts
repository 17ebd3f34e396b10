import type { MapPoint } from '@cull-log/contracts';
import L from 'leaflet';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';

/** Leaflet finds its default icons by a CSS path that bundlers break, so the images are imported and set here. */
export const markerIcon = L.icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** The smallest target a finger can hit reliably, in CSS pixels. */
export const TOUCH_TARGET = 44;

const isTouchScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/**
 * The same pin inside a 44 × 44 px target, its tip still on the point; on a phone's sharp screen the browser takes
 * the double-size image, as Leaflet does for its own pin.
 */
const touchMarkerIcon = L.divIcon({
  className: 'map-pin',
  html: `<img src="${markerIconUrl}" srcset="${markerIconUrl} 1x, ${markerIconRetinaUrl} 2x" alt="" width="25" height="41">`,
  iconSize: [TOUCH_TARGET, TOUCH_TARGET],
  iconAnchor: [TOUCH_TARGET / 2, TOUCH_TARGET],
  popupAnchor: [0, -34],
});

/** The pin for a record: on a touch screen big enough to tap, elsewhere Leaflet's own. */
export function pointMarkerIcon(): L.Icon | L.DivIcon {
  return isTouchScreen() ? touchMarkerIcon : markerIcon;
}

/** A cluster's icon as the cluster library draws it, 44 px across on a touch screen, with its count in words. */
export function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  const touch = isTouchScreen();
  return L.divIcon({
    html: `<div><span>${count} <span class="visually-hidden">records here</span></span></div>`,
    className: `marker-cluster marker-cluster-${size}${touch ? ' marker-cluster--touch' : ''}`,
    iconSize: touch ? L.point(TOUCH_TARGET, TOUCH_TARGET) : L.point(40, 40),
  });
}

/** The south-west and north-east corners around the points, or null when there are none. */
export function boundsOf(points: readonly MapPoint[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [latitude, longitude] of points) {
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
  }
  return [
    [south, west],
    [north, east],
  ];
}

export const OSM_TILES = {
  url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

/** The view with nothing to show: England and Wales. */
export const MAP_CENTRE: [number, number] = [52.5, -1.5];
export const MAP_ZOOM = 6;
