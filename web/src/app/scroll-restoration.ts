import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router-dom';
import { keepStored, readStored } from '../lib/stored';

const STORAGE_KEY = 'cull-log:scroll-positions';
/** How long a screen coming back may take to grow tall enough for the position it was left at. */
const RESTORE_WITHIN_MS = 1000;

/**
 * Where a screen's scroll position is kept. A page opened afresh (typed, linked from outside or reloaded) has the
 * key "default", so those are told apart by their address: one such page must not open where another was left.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;

const positionsFrom = (value: unknown) =>
  new Map(
    Object.entries(typeof value === 'object' && value !== null ? value : {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  );

/** Positions by history entry, for this tab: kept in memory, and for the tab's life when the page is left. */
const positions = readStored('session', STORAGE_KEY, positionsFrom) ?? new Map<string, number>();

function keepPositions(): void {
  keepStored('session', STORAGE_KEY, Object.fromEntries(positions));
}

/** Scrolls to `y` once the page is tall enough to, trying each frame for a moment while the screen fills in. */
function scrollWhenReachable(y: number): () => void {
  const until = performance.now() + RESTORE_WITHIN_MS;
  let frame = 0;
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    if (reachable || performance.now() >= until) window.scrollTo(0, y);
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** The history entry on screen, whose position each scroll records. */
let currentKey: string | undefined;

function rememberPosition(): void {
  if (currentKey !== undefined) positions.set(currentKey, window.scrollY);
}

/**
 * A new screen opens at the top (or at the element its address names after `#`); Back and Forward return to where
 * that screen was scrolled. Positions are remembered as the user scrolls and kept for the tab when the page is left.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = scrollKey(location);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const leave = () => {
      rememberPosition();
      keepPositions();
    };
    window.addEventListener('scroll', rememberPosition, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('scroll', rememberPosition);
      window.removeEventListener('pagehide', leave);
    };
  }, []);

  useLayoutEffect(() => {
    const saved = positions.get(key);
    currentKey = key;
    let cancel: (() => void) | undefined;
    if (navigationType === 'POP' && saved !== undefined) cancel = scrollWhenReachable(saved);
    else {
      const target =
        location.hash === '' ? null : document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target !== null) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }
    return () => {
      cancel?.();
      // Where the screen was left, unless a scroll has said so already (a page can have shrunk by now).
      if (!positions.has(key)) positions.set(key, window.scrollY);
    };
  }, [key, navigationType, location.hash]);
}
