import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { HomeHero } from '../features/home/HomePage';
import PrivacyPage from '../features/account/PrivacyPage';
import TermsPage from '../features/account/TermsPage';

/**
 * The screens whose whole content is fixed text: the build draws each into its page, so it can be read before any code
 * has run, and the app then draws the same over it.
 */
const FIXED_SCREENS: Record<string, ComponentType> = { terms: TermsPage, privacy: PrivacyPage };

/** A date as the app writes it (23/11/2026). */
const UK_DATE = /\b\d{2}\/\d{2}\/\d{4}\b/g;

/**
 * The markup of the screen at `path` as the app draws it, where the screen is fixed text. The dates it shows are the
 * day it is read, which the build cannot know: they are left out, and the app writes them in on the same lines.
 */
export function fixedScreenMarkup(path: string): string | undefined {
  const Screen = FIXED_SCREENS[path];
  if (Screen === undefined) return undefined;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[`/${path}`]}>
      <Screen />
    </MemoryRouter>,
  ).replace(UK_DATE, '');
}

/**
 * The home page's hero as the app draws it, without the buttons, which depend on who is signed in and come with the
 * app, below the words.
 */
export function homeMarkup(): string {
  return renderToStaticMarkup(
    <div className="home">
      <HomeHero />
    </div>,
  );
}
