import { focusManager, onlineManager, timeoutManager, type QueryOptions } from '@tanstack/react-query';

type TQueryBehavior = NonNullable<QueryOptions['behavior']>;

/**
 * Which requests the app makes on its own (docs/decisions/020). A request is a person's unless it
 * starts while a background trigger runs: a refetch on an interval, on the tab coming back into
 * focus or the connection coming back (TanStack Query's three), or a refresh after a push message
 * (runInBackground around the invalidation). The API client (lib/api.ts) sends those with the
 * BACKGROUND_REQUEST_HEADER and the server leaves the session's idle mark where it is.
 *
 * TanStack Query starts a fetch synchronously from its trigger, so the flag below is still set when
 * the query function calls apiRequest. A query function that awaits something first has lost it
 * by then; the fetch's AbortSignal, remembered here when the fetch starts, carries it instead (and
 * across the retries of that fetch).
 */
let depth = 0;
const backgroundSignals = new WeakSet<AbortSignal>();

/** Runs `run` as the app's own doing: the requests it starts (synchronously) are background ones. */
export function runInBackground<T>(run: () => T): T {
  depth += 1;
  try {
    return run();
  } finally {
    depth -= 1;
  }
}

/**
 * As runInBackground, and for the rest of this task: TanStack Query refetches on focus and on
 * reconnect after awaiting its paused mutations, a few microtasks later. No person's action can
 * come in between (an input event is a task of its own).
 */
function runInBackgroundForThisTask(run: () => void): void {
  depth += 1;
  try {
    run();
  } finally {
    setTimeout(() => (depth -= 1), 0);
  }
}

/** True for a request started inside runInBackground, or with the signal of a fetch that was. */
export function isBackgroundCall(signal?: AbortSignal): boolean {
  return depth > 0 || (signal !== undefined && backgroundSignals.has(signal));
}

/** The default query behaviour: a fetch started in the background remembers its signal as one. */
export const backgroundAwareBehavior: TQueryBehavior = {
  onFetch(context) {
    if (depth > 0) backgroundSignals.add(context.signal);
  },
};

let isInstalled = false;

/**
 * Wraps TanStack Query's triggers of refetches it does on its own (interval, focus, reconnect) in
 * runInBackground. Called once, before the query client is made (timeoutManager's rule).
 */
export function installBackgroundTriggers(): void {
  if (isInstalled) return;
  isInstalled = true;
  timeoutManager.setTimeoutProvider({
    setTimeout: (callback, delay) => setTimeout(callback, delay),
    clearTimeout: (id) => clearTimeout(id),
    // Only refetchInterval uses intervals in TanStack Query.
    setInterval: (callback, delay) => setInterval(() => runInBackground(callback), delay),
    clearInterval: (id) => clearInterval(id),
  });
  focusManager.setEventListener((handleFocus) => {
    if (typeof window === 'undefined') return undefined;
    const listener = () => runInBackgroundForThisTask(() => handleFocus());
    window.addEventListener('visibilitychange', listener, false);
    return () => window.removeEventListener('visibilitychange', listener);
  });
  onlineManager.setEventListener((setOnline) => {
    if (typeof window === 'undefined') return undefined;
    const online = () => runInBackgroundForThisTask(() => setOnline(true));
    const offline = () => setOnline(false);
    window.addEventListener('online', online, false);
    window.addEventListener('offline', offline, false);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}
