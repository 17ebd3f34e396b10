import { matchPath, useLocation } from 'react-router-dom';
import { StatusMessage } from '../ui/StatusMessage';
import type { ScreenWords } from '../ui/screen';
import { SCREENS } from './screens';

/** The entry of the screen at `pathname`, if it is one of the table's. */
export function screenEntryAt(pathname: string): ScreenWords | undefined {
  return SCREENS.find(({ path }) => matchPath(`/${path}`, pathname) !== null);
}

/**
 * What a screen shows while its code or the session check is on its way: its heading (and the line under it) where that is fixed, drawn as
 * the page the server sent already drew it, so nothing moves or flickers as the screen arrives. The heading itself
 * comes with the screen; until then this is only its picture, and "Loading..." is what is announced.
 */
export function ScreenLoading() {
  const { heading, lead } = screenEntryAt(useLocation().pathname) ?? {};
  if (heading === undefined) return <StatusMessage>Loading...</StatusMessage>;
  return (
    <div className="page">
      <p className="page__title" aria-hidden="true">
        {heading}
      </p>
      {lead === undefined ? null : (
        <p className="page__lead" aria-hidden="true">
          {lead}
        </p>
      )}
      <StatusMessage>Loading...</StatusMessage>
    </div>
  );
}
