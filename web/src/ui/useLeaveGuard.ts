import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, type Navigator, type To } from 'react-router-dom';

/** A move away from the screen, held while the user is asked. */
export interface LeaveGuard {
  state: 'blocked' | 'unblocked';
  /** Goes where the user was going. */
  proceed(): void;
  /** Stays on the screen. */
  reset(): void;
}

/** Marks the extra entry of this screen's own address that takes the browser's Back while the guard holds. */
const GUARD_ENTRY = 'cullLogLeaveGuard';

const pathnameOf = (to: To): string =>
  typeof to === 'string'
    ? new URL(to, window.location.href).pathname
    : (to.pathname ?? window.location.pathname);

const isGuardEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD_ENTRY] === true;

/**
 * Holds every move away from the screen while `active` and `shouldHold(next pathname)` say so, so the screen can ask
 * first. The app's own links, buttons and `navigate` go through the router's history, which is wrapped for as long
 * as the guard is active. The browser's Back cannot be cancelled, so while the guard is active an extra entry of
 * this very address sits on top of the history: Back lands on the screen's own entry (nothing moves), and the user
 * is asked. (React Router's useBlocker does this only in a data router, whose code would make the first download a
 * sixth larger.)
 */
export function useLeaveGuard(active: boolean, shouldHold: (nextPathname: string) => boolean): LeaveGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [blocked, setBlocked] = useState(false);
  const pending = useRef<(() => void) | undefined>(undefined);
  const hold = useRef(shouldHold);
  hold.current = shouldHold;
  // The browser's own history is the router's (not the tests' history in memory): only then is Back the browser's.
  const browserHistory = !('index' in navigator);
  const guardOnTop = useRef(false);
  const passing = useRef(false);
  const reputGuard = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (!active) return;
    const original: Pick<Navigator, 'push' | 'replace' | 'go'> = {
      push: navigator.push,
      replace: navigator.replace,
      go: navigator.go,
    };
    const ask = (go: () => void) => {
      pending.current = go;
      setBlocked(true);
    };
    navigator.push = (to, ...rest) => {
      const go = () => original.push(to, ...rest);
      if (hold.current(pathnameOf(to))) ask(go);
      else go();
    };
    navigator.replace = (to, ...rest) => {
      const go = () => original.replace(to, ...rest);
      if (hold.current(pathnameOf(to))) ask(go);
      else go();
    };
    navigator.go = (delta) => {
      const go = () => {
        // Back past the guard's own entry too.
        const past = guardOnTop.current && delta < 0 ? delta - 1 : delta;
        guardOnTop.current = false;
        passing.current = browserHistory;
        original.go(past);
      };
      if (delta < 0 && hold.current('')) ask(go);
      else go();
    };

    const putGuardEntry = () => {
      if (!browserHistory || isGuardEntry(window.history.state)) {
        guardOnTop.current = browserHistory;
        return;
      }
      window.history.pushState(
        { ...(window.history.state as object), [GUARD_ENTRY]: true },
        '',
        window.location.href,
      );
      guardOnTop.current = true;
    };
    putGuardEntry();
    const onPop = () => {
      if (passing.current) {
        passing.current = false;
        return;
      }
      if (!guardOnTop.current || isGuardEntry(window.history.state)) return;
      // Back took the guard's entry: the screen is still here, at its own entry.
      guardOnTop.current = false;
      const back = () => {
        passing.current = true;
        window.history.back();
      };
      if (hold.current('')) {
        pending.current = back;
        setBlocked(true);
      } else back();
    };
    window.addEventListener('popstate', onPop);
    reputGuard.current = putGuardEntry;
    return () => {
      window.removeEventListener('popstate', onPop);
      navigator.push = original.push;
      navigator.replace = original.replace;
      navigator.go = original.go;
      reputGuard.current = undefined;
    };
  }, [active, navigator, browserHistory]);

  return {
    state: blocked ? 'blocked' : 'unblocked',
    proceed() {
      const go = pending.current;
      pending.current = undefined;
      setBlocked(false);
      go?.();
    },
    reset() {
      pending.current = undefined;
      setBlocked(false);
      // Back took the guard's entry: it goes back on, for the next Back.
      reputGuard.current?.();
    },
  };
}
