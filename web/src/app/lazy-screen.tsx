import { use, useEffect, type ComponentType } from 'react';

const APP_NAME = 'Cull Log';

/** A screen whose code downloads the first time it is shown, and that names itself in the document title. */
export interface LazyScreen {
  /** The screen, titled "Add cull · Cull Log"; it suspends while its code downloads. */
  (props: { title: string }): React.JSX.Element;
  /** Starts the download, or answers the one under way; resolves once the screen can render at once. */
  preload(): Promise<void>;
}

/** The document title for a screen named `title`. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title === undefined ? APP_NAME : `${title} · ${APP_NAME}`;
  }, [title]);
}

/** A screen loaded on demand: once loaded it renders straight away; before that it suspends until it is. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
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

  function Screen({ title }: { title: string }) {
    useDocumentTitle(title);
    if (Loaded === undefined) use(preload());
    const Page = Loaded as ComponentType;
    return <Page />;
  }
  return Object.assign(Screen, { preload });
}

/** A screen that is part of the first download: titled like the others. */
export function Titled({ title, page: Page }: { title: string; page: ComponentType }) {
  useDocumentTitle(title);
  return <Page />;
}
