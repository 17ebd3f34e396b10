import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { prefetchMapPoints } from '../api/queries';
import { Layout } from '../components/Layout';
import { HomePage } from '../pages/HomePage';
import { lazyScreen, Titled, type LazyScreen } from './lazy-screen';
import { RequireAuth } from './RequireAuth';

interface ScreenRoute {
  path: string;
  title: string;
  screen: LazyScreen;
}

/** Screens other than home load on demand, so the first page downloads only what it shows. */
const MapPageScreen = lazyScreen(() => import('../pages/MapPage'));
const editCull = lazyScreen(() => import('../pages/EditCullPage'));

const PUBLIC_SCREENS: ScreenRoute[] = [
  { path: 'login', title: 'Login', screen: lazyScreen(() => import('../pages/LoginPage')) },
  { path: 'terms', title: 'Terms & Conditions', screen: lazyScreen(() => import('../pages/TermsPage')) },
  { path: 'privacy', title: 'Privacy Policy', screen: lazyScreen(() => import('../pages/PrivacyPage')) },
];

/** The screens of a signed-in user, behind the session check. */
const SIGNED_IN_SCREENS: ScreenRoute[] = [
  { path: 'dashboard', title: 'Dashboard', screen: lazyScreen(() => import('../pages/DashboardPage')) },
  { path: 'data', title: 'Cull data', screen: lazyScreen(() => import('../pages/DataPage')) },
  { path: 'grounds', title: 'Grounds', screen: lazyScreen(() => import('../pages/GroundsPage')) },
  { path: 'plans', title: 'Cull plan', screen: lazyScreen(() => import('../pages/PlansPage')) },
  { path: 'larder', title: 'Larder book', screen: lazyScreen(() => import('../pages/LarderPage')) },
  { path: 'add-cull', title: 'Add cull', screen: lazyScreen(() => import('../pages/AddCullPage')) },
  { path: 'edit-cull/:id', title: 'Edit cull', screen: editCull },
  { path: 'cull/:id', title: 'Edit cull', screen: editCull },
  { path: 'view-cull/:id', title: 'Cull record', screen: lazyScreen(() => import('../pages/ViewCullPage')) },
  { path: 'sessions', title: 'Signed-in devices', screen: lazyScreen(() => import('../pages/SessionsPage')) },
  { path: 'your-data', title: 'Your data', screen: lazyScreen(() => import('../pages/YourDataPage')) },
];

const ALL_SCREENS: ScreenRoute[] = [
  ...PUBLIC_SCREENS,
  { path: 'map', title: 'Map', screen: MapPageScreen },
  ...SIGNED_IN_SCREENS,
];

/**
 * Starts downloading the code of the screen at `pathname`, so that it arrives while the session is checked rather
 * than after; resolves once it has (at once for home or an unknown address).
 */
export function preloadScreenAt(pathname: string): Promise<void> {
  const found = ALL_SCREENS.find(({ path }) => matchPath(`/${path}`, pathname) !== null);
  return found?.screen.preload() ?? Promise.resolve();
}

/** Every on-demand screen's code, for tests that move between screens without waiting for downloads. */
export const preloadScreens = () => Promise.all(ALL_SCREENS.map(({ screen }) => screen.preload()));

/** The map: its points are asked for while its code downloads. */
function MapScreen() {
  const queryClient = useQueryClient();
  useState(() => void prefetchMapPoints(queryClient));
  return <MapPageScreen title="Map" />;
}

const routeOf = ({ path, title, screen: Screen }: ScreenRoute) => (
  <Route key={path} path={path} element={<Screen title={title} />} />
);

/** The app's screens, inside the layout; the signed-in ones behind the session check. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Titled title="Home" page={HomePage} />} />
        {PUBLIC_SCREENS.map(routeOf)}
        <Route path="map" element={<MapScreen />} />
        <Route element={<RequireAuth />}>{SIGNED_IN_SCREENS.map(routeOf)}</Route>
        <Route path="*" element={<Navigate replace to="/" />} />
      </Route>
    </Routes>
  );
}
