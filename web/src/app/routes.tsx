import type { QueryClient } from '@tanstack/react-query';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/HomePage';
import { startFirstReads, Titled, type Screen } from '../ui/screen';
import { Layout } from './Layout';
import { RequireAuth } from './RequireAuth';
import { HOME_SCREEN, SCREENS } from './screens';

/** The screen at `pathname`, with the parameters its path takes from it. */
function screenAt(pathname: string) {
  for (const screen of SCREENS) {
    const match = matchPath(`/${screen.path}`, pathname);
    if (match) return { screen, params: match.params };
  }
  return undefined;
}

/**
 * Starts downloading the code of the screen at `pathname`, so that it arrives while the session is checked rather
 * than after; resolves once it has (at once for home or an unknown address).
 */
export function preloadScreenAt(pathname: string): Promise<void> {
  return screenAt(pathname)?.screen.preload() ?? Promise.resolve();
}

/** Every on-demand screen's code, for tests that move between screens without waiting for downloads. */
export const preloadScreens = () => Promise.all(SCREENS.map((screen) => screen.preload()));

/** Starts the first reads of the screen at this address, beside the session check; the screen asks again for any that fails. */
export function prefetchScreenData(queryClient: QueryClient, pathname: string, search: string): void {
  const found = screenAt(pathname);
  if (found) startFirstReads(found.screen.firstReads, queryClient, found.params, new URLSearchParams(search));
}

const routeOf = ({ path, Component }: Screen) => <Route key={path} path={path} element={<Component />} />;

/** The app's screens, inside the layout; the signed-in ones behind the session check. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Titled title={HOME_SCREEN.title} page={HomePage} />} />
        {SCREENS.filter((screen) => !screen.signedIn).map(routeOf)}
        <Route element={<RequireAuth />}>{SCREENS.filter((screen) => screen.signedIn).map(routeOf)}</Route>
        <Route path="*" element={<Navigate replace to="/" />} />
      </Route>
    </Routes>
  );
}
