import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, use, useContext, useEffect, useState, type ComponentType } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { withLocaleList } from '../lib/locale-list';

const APP_NAME = 'Cull Log';

/** A screen's words, known before any of its code: read by the routes, the loading picture and the build. */
export interface ScreenWords {
  /** The route's path, as react-router matches it (no leading slash). */
  path: string;
  /** The document title: "Add cull · Cull Log". */
  title: string;
  /** The screen's own heading, where it does not depend on what is read. */
  heading?: string;
  /** A line under the heading saying what the screen is for, where it has one. */
  lead?: string;
  /** Behind the session check. */
  signedIn: boolean;
}

/** The reads a screen draws with: the same queries the screen itself makes, started before it is drawn. */
export type FirstReads = (
  queryClient: QueryClient,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) => unknown;

/**
 * A screen as a feature defines it, through `defineScreen`, which keeps the rules the app's speed depends on:
 * - its code is never in the first download: `page` is an `import()`, loaded when the screen is first wanted;
 * - its first reads start with that download (beside the session check when the app opens at its address), so it draws
 *   once, with them, rather than again as each arrives;
 * - a screen that shows React Aria's dates or numbers says `needsLocaleList`, and the browser's list of locales is
 *   built aside in a worker while its code downloads, rather than on the page's thread as it first draws;
 * - what only Save or a download needs (zod, the shared schemas, the contracts' words) stays out of the screen's own
 *   code: `web/e2e/first-download.int.test.ts` holds each screen to it.
 */
export interface ScreenDefinition<Path extends string = string> extends ScreenWords {
  path: Path;
  page: () => Promise<{ default: ComponentType }>;
  firstReads?: FirstReads;
  needsLocaleList?: boolean;
}

/** A defined screen: its words, the component the route draws, and its code and reads to start early. */
export interface Screen<Path extends string = string> extends ScreenWords {
  path: Path;
  /** The screen, titled; it suspends while its code downloads. */
  Component: ComponentType;
  /** Starts the download, or answers the one under way; resolves once the screen can render at once. */
  preload(): Promise<void>;
  firstReads?: FirstReads;
}

const ScreenContext = createContext<ScreenWords | undefined>(undefined);

/** The words of the screen being drawn: its heading and the line under it come from its definition. */
export function useScreen(): ScreenWords {
  const words = useContext(ScreenContext);
  if (words === undefined) throw new Error('useScreen is for a screen drawn by its route');
  return words;
}

/** The document title for a screen named `title`. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title === undefined ? APP_NAME : `${title} · ${APP_NAME}`;
  }, [title]);
}

/** Starts a screen's first reads; a read that fails is asked again by the screen. */
export function startFirstReads(
  reads: FirstReads | undefined,
  queryClient: QueryClient,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
): void {
  if (reads === undefined) return;
  Promise.resolve()
    .then(() => reads(queryClient, params, search))
    .catch(() => undefined);
}

/** A screen of a feature: see `ScreenDefinition` for what defining it through here keeps. */
export function defineScreen<const Path extends string>(definition: ScreenDefinition<Path>): Screen<Path> {
  const { page, needsLocaleList = false, ...screen } = definition;
  const load = needsLocaleList ? withLocaleList(page) : page;
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        // A failed download (say, a new release replaced the chunk) is tried afresh next time it is asked for.
        loading = undefined;
        throw error;
      },
    ));

  function Component() {
    useDocumentTitle(screen.title);
    const queryClient = useQueryClient();
    const params = useParams();
    const { search } = useLocation();
    // Moving to the screen starts its reads with its code, not once the code has come.
    useState(() => startFirstReads(screen.firstReads, queryClient, params, new URLSearchParams(search)));
    if (Loaded === undefined) use(preload());
    const Page = Loaded as ComponentType;
    return (
      <ScreenContext value={screen}>
        <Page />
      </ScreenContext>
    );
  }
  return { ...screen, Component, preload };
}

/** A screen that is part of the first download: titled like the others. */
export function Titled({ title, page: Page }: { title: string; page: ComponentType }) {
  useDocumentTitle(title);
  return <Page />;
}
