import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the app can reach its server: the browser's own word (`navigator.onLine`, right from the page's first
 * moment) and what the app's requests found. A phone with a poor signal believes it is online while its requests
 * fail or hang; a captive portal answers them with its own page. Either counts as no signal until a request gets
 * through again: reads show what the device has, writes wait in the outbox, and a probe asks the server, with
 * backoff, whether it can be reached once more.
 */
let unreachable = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeFailures = 0;
const listeners = new Set<() => void>();

/** How soon the server is asked again while requests fail: from two seconds, doubling, up to half a minute. */
const PROBE_FIRST_MS = 2_000;
const PROBE_MOST_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;
/** The cheapest request that only the app's own server answers as it does. */
const PROBE_PATH = '/auth/session';

/** Whether there is a signal, as far as the app can tell. */
export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}

/** Calls `onChange` whenever `isOnline()` may have changed; returns the unsubscribe. */
export function subscribeConnectivity(onChange: () => void): () => void {
  listenToBrowser();
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** A request got an answer from the server: the signal is back, if it had gone. */
export function markReachable(): void {
  probeFailures = 0;
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (!unreachable) return;
  unreachable = false;
  notify();
}

/** A request failed for want of network, timed out, or was answered by something other than the server. */
export function markUnreachable(): void {
  if (!unreachable) {
    unreachable = true;
    notify();
  }
  scheduleProbe();
}

function scheduleProbe(): void {
  if (probeTimer !== undefined || !unreachable) return;
  probeTimer = setTimeout(() => void probe(), Math.min(PROBE_FIRST_MS * 2 ** probeFailures, PROBE_MOST_MS));
}

/** True when `body` is what the server's session check answers: `{ user: … }` as JSON. */
function isSessionAnswer(response: Response, body: unknown): boolean {
  return (
    response.headers.get('content-type')?.includes('json') === true &&
    typeof body === 'object' &&
    body !== null &&
    'user' in body
  );
}

async function probe(): Promise<void> {
  probeTimer = undefined;
  // With the browser offline there is nothing to ask; its `online` event starts things again.
  if (!unreachable || !navigator.onLine) return;
  try {
    const response = await fetch(PROBE_PATH, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (isSessionAnswer(response, body)) {
      markReachable();
      return;
    }
  } catch {
    // Still no way through.
  }
  probeFailures++;
  scheduleProbe();
}

function onBrowserChange(): void {
  // Coming online, the browser is taken at its word until a request shows otherwise.
  if (navigator.onLine) {
    unreachable = false;
    probeFailures = 0;
    clearTimeout(probeTimer);
    probeTimer = undefined;
  }
  notify();
}

let listening = false;

function listenToBrowser(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('online', onBrowserChange);
  window.addEventListener('offline', onBrowserChange);
}

/**
 * Makes the query library act on this module's answer rather than assume a signal as the page opens: a query with
 * no signal waits (showing what the device has) and goes on by itself when the signal is back, rather than
 * failing. Called once, as the app starts.
 */
export function watchConnectivity(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeConnectivity(() => setOnline(isOnline()));
  });
}

/** Back to a fresh start, for tests. */
export function resetConnectivity(): void {
  unreachable = false;
  probeFailures = 0;
  clearTimeout(probeTimer);
  probeTimer = undefined;
}
