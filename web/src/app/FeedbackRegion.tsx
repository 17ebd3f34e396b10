import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '../ui/Button';
import { useOutbox } from '../api/outbox/outbox-context';
import {
  FeedbackContext,
  type AnnounceOptions,
  type ChangeAnnouncement,
  type Feedback,
} from '../ui/feedback-context';

interface Shown {
  message: string;
  id: number;
  focusHeadingAt: string | undefined;
  /** The path where the message was first shown; leaving it clears the message. */
  at: string | null;
  /** About a change waiting on this device: it goes once nothing waits to be sent. */
  untilSent: boolean;
  /** Whether the outbox has been seen holding the change since the message was shown. */
  sawWaiting: boolean;
}

/** How long to keep looking for the heading of a screen that is still loading. */
const FOCUS_WAIT_MS = 3000;
const FOCUS_RETRY_MS = 50;

function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  // A heading is not focusable by itself; -1 lets the script focus it without adding it to the tab order.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

const ShownContext = createContext<{ shown: Shown | null; dismiss(): void }>({
  shown: null,
  dismiss: () => undefined,
});
let lastId = 0;

/**
 * Keeps what the last action did ("Roe Deer at Home Wood saved") until the user moves to another screen, and
 * moves the focus to the heading of the screen the action led to.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  const outbox = useOutbox();
  const waiting = outbox?.items.some((item) => item.state === 'waiting') ?? false;

  const announce = useCallback((message: string | ChangeAnnouncement, options: AnnounceOptions = {}) => {
    lastId += 1;
    const { text, untilSent } = typeof message === 'string' ? { text: message, untilSent: false } : message;
    setShown({
      message: text,
      id: lastId,
      focusHeadingAt: options.focusHeadingAt,
      at: null,
      untilSent,
      sawWaiting: false,
    });
  }, []);

  // "… will be sent when there is a signal" goes once it has been: the outbox held the change, and now holds none.
  useEffect(() => {
    if (!shown?.untilSent) return;
    if (waiting && !shown.sawWaiting) setShown({ ...shown, sawWaiting: true });
    else if (!waiting && shown.sawWaiting) setShown(null);
  }, [shown, waiting]);

  useEffect(() => {
    if (!shown) return;
    if (shown.at === null) {
      if (shown.focusHeadingAt === undefined || shown.focusHeadingAt === pathname)
        setShown({ ...shown, at: pathname });
    } else if (shown.at !== pathname) {
      setShown(null);
    }
  }, [shown, pathname]);

  // Waits a moment, so a closing dialog's own return of the focus comes first, and for a heading still loading.
  const focusNow = shown !== null && shown.at !== null && shown.focusHeadingAt === shown.at;
  useEffect(() => {
    if (!focusNow) return;
    const started = Date.now();
    let timer = window.setTimeout(function attempt() {
      if (!focusMainHeading() && Date.now() - started < FOCUS_WAIT_MS)
        timer = window.setTimeout(attempt, FOCUS_RETRY_MS);
    }, FOCUS_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [focusNow, shown?.id]);

  // Floating over the foot of the screen, the message could hide whatever the keyboard reaches next: the first Tab
  // after it appears puts it away.
  const isShowing = shown !== null && shown.at !== null;
  useEffect(() => {
    if (!isShowing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setShown(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isShowing]);

  const feedback = useMemo<Feedback>(() => ({ announce }), [announce]);
  const current = useMemo(() => ({ shown, dismiss: () => setShown(null) }), [shown]);
  return (
    <FeedbackContext.Provider value={feedback}>
      <ShownContext.Provider value={current}>{children}</ShownContext.Provider>
    </FeedbackContext.Provider>
  );
}

/**
 * The layout's one polite live region, always present so that what appears in it is announced. It floats over
 * the foot of the screen rather than pushing the screen's content down when it appears.
 */
export function FeedbackRegion() {
  const { shown, dismiss } = useContext(ShownContext);
  const visible = shown && shown.at !== null ? shown : null;
  return (
    <div className={visible ? 'feedback feedback--shown' : 'feedback'}>
      <div role="status" aria-live="polite" className="feedback__live">
        {visible ? (
          <p key={visible.id} className="feedback__message">
            {visible.message}
          </p>
        ) : null}
      </div>
      {visible ? (
        <Button variant="ghost" className="feedback__dismiss" aria-label="Dismiss message" onPress={dismiss}>
          ×
        </Button>
      ) : null}
    </div>
  );
}
