import { matchPath, useLocation } from 'react-router-dom';
import { StatusMessage } from '../components/StatusMessage';
import { SCREENS, type ScreenEntry } from './screens';

/** The fixed heading of the screen at `pathname`, if it has one. */
export function headingAt(pathname: string): string | undefined {
  const screens: readonly ScreenEntry[] = SCREENS;
  return screens.find(({ path }) => matchPath(`/${path}`, pathname) !== null)?.heading;
}

/**
 * What a screen shows while its code or the session check is on its way: its heading where that is fixed, drawn as
 * the page the server sent already drew it, so nothing moves or flickers as the screen arrives. The heading itself
 * comes with the screen; until then this is only its picture, and "Loading..." is what is announced.
 */
export function ScreenLoading() {
  const heading = headingAt(useLocation().pathname);
  if (heading === undefined) return <StatusMessage>Loading...</StatusMessage>;
  return (
    <div className="page">
      <p className="page__title" aria-hidden="true">
        {heading}
      </p>
      <StatusMessage>Loading...</StatusMessage>
    </div>
  );
}
