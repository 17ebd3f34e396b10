import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { prefetchMapPoints } from '../features/map/api';
import { Layout } from './Layout';
import { withLocaleList } from '../lib/locale-list';
import { HomePage } from '../features/home/HomePage';
import { lazyScreen, Titled, type LazyScreen } from './lazy-screen';
import { RequireAuth } from './RequireAuth';
import { HOME_SCREEN, screenAt, type ScreenPath } from './screens';

interface ScreenRoute {
  path: ScreenPath;
  title: string;
  screen: LazyScreen;
}

/** A screen of the table in screens.ts, with its code to load on demand. */
const screen = (path: ScreenPath, load: Parameters<typeof lazyScreen>[0]): ScreenRoute => ({
  path,
  title: screenAt(path).title,
  screen: lazyScreen(load),
});

/** Screens other than home load on demand, so the first page downloads only what it shows. */
const mapScreen = screen('map', () => import('../features/map/MapPage'));
const editCull = lazyScreen(() => import('../features/records/EditCullPage'));

const PUBLIC_SCREENS: ScreenRoute[] = [
  screen('login', () => import('../features/account/LoginPage')),
  screen('terms', () => import('../features/account/TermsPage')),
  screen('privacy', () => import('../features/account/PrivacyPage')),
];

/** The screens of a signed-in user, behind the session check. */
const SIGNED_IN_SCREENS: ScreenRoute[] = [
  screen('dashboard', () => import('../features/dashboard/DashboardPage')),
  screen(
    'data',
    withLocaleList(() => import('../features/records/DataPage')),
  ),
  screen('grounds', () => import('../features/grounds/GroundsPage')),
  screen('plans', () => import('../features/plans/PlansPage')),
  screen('larder', () => import('../features/larder/LarderPage')),
  screen('add-cull', () => import('../features/records/AddCullPage')),
  { path: 'edit-cull/:id', title: screenAt('edit-cull/:id').title, screen: editCull },
  { path: 'cull/:id', title: screenAt('cull/:id').title, screen: editCull },
  screen('view-cull/:id', () => import('../features/records/ViewCullPage')),
  screen('sessions', () => import('../features/account/SessionsPage')),
  screen(
    'your-data',
    withLocaleList(() => import('../features/account/YourDataPage')),
  ),
];

const ALL_SCREENS: ScreenRoute[] = [...PUBLIC_SCREENS, mapScreen, ...SIGNED_IN_SCREENS];

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
const MapPageScreen = mapScreen.screen;

function MapScreen() {
  const queryClient = useQueryClient();
  useState(() => void prefetchMapPoints(queryClient));
  return <MapPageScreen title={mapScreen.title} />;
}

const routeOf = ({ path, title, screen: Screen }: ScreenRoute) => (
  <Route key={path} path={path} element={<Screen title={title} />} />
);

/** The app's screens, inside the layout; the signed-in ones behind the session check. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Titled title={HOME_SCREEN.title} page={HomePage} />} />
        {PUBLIC_SCREENS.map(routeOf)}
        <Route path="map" element={<MapScreen />} />
        <Route element={<RequireAuth />}>{SIGNED_IN_SCREENS.map(routeOf)}</Route>
        <Route path="*" element={<Navigate replace to="/" />} />
      </Route>
    </Routes>
  );
}
