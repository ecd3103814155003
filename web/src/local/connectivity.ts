/**
 * Whether the portal can reach its server: the browser's own flag (navigator.onLine and its
 * events) corrected by what requests see. A workshop's Wi-Fi often stays "connected" while
 * nothing gets through, and navigator.onLine then says true; so when an API request gets no
 * answer, one request to /api/health confirms it, and until the server answers again the
 * portal counts as offline: the offline notices show, admin actions are off, and queries pause
 * instead of failing (query-client.ts hands this signal to TanStack Query). Any answer (even an
 * error status), the browser's `online` event or a probe every PROBE_EVERY_MS ends it
 * (docs/decisions/050-reachability.md).
 */

const PROBE_EVERY_MS = 3_000;
const PROBE_TIMEOUT_MS = 5_000;

let unreachable = false;
let probing = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** What the browser itself says (navigator.onLine): it has a network, or does not know. */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The browser has a network and the server answered the last time it was asked. */
export function isOnline(): boolean {
  return browserOnline() && !unreachable;
}

function notify() {
  for (const listener of listeners) listener();
}

function setUnreachable(next: boolean) {
  if (timer !== undefined) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (next) timer = setTimeout(() => void probe(), PROBE_EVERY_MS);
  if (unreachable === next) return;
  unreachable = next;
  notify();
}

/** Asks /api/health; any HTTP answer means the server is reachable. */
async function probe(): Promise<void> {
  if (probing) return;
  probing = true;
  try {
    await fetch('/api/health', {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    setUnreachable(false);
  } catch {
    // No answer: offline for the portal, whatever the browser says; ask again later.
    if (browserOnline()) setUnreachable(true);
  } finally {
    probing = false;
  }
}

/** A request got an HTTP answer (any status): the server is reachable. */
export function noteAnswer(): void {
  if (unreachable) setUnreachable(false);
}

/** A request got no answer: confirm with one probe before the portal counts as offline. */
export function noteNoAnswer(): void {
  if (!unreachable && browserOnline()) void probe();
}

export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function onBrowserChange() {
  // The browser's own change wins: back online, the server is asked afresh by the next request.
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  unreachable = false;
  notify();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', onBrowserChange);
  window.addEventListener('offline', onBrowserChange);
}

/** Tests: forget a past failure and its probe. */
export function resetConnectivity(): void {
  setUnreachable(false);
  probing = false;
}
