/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

let offer: BeforeInstallPromptEvent | null = null;
let landingPath: string | null = null;
let movedOn = false;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

/**
 * Catches the browser's offer to install from start-up: it may come before the install
 * prompt's own chunk has loaded (install-prompt.tsx loads after the first screen).
 */
export function catchInstallOffer() {
  landingPath = window.location.pathname;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // keep the browser's own mini-infobar away; we ask at our place
    setOffer(e as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

/**
 * True from the first page the person opened after the one they landed on: the offer waits
 * for that sign of use instead of covering the first screen they came to read (where it was
 * also the page's largest paint, long after the page itself; docs/decisions/084-paint-from-device.md).
 */
export function movedOnFrom(pathname: string): boolean {
  if (landingPath !== null && pathname !== landingPath) movedOn = true;
  return movedOn;
}

export function currentInstallOffer(): BeforeInstallPromptEvent | null {
  return offer;
}

/** The event can prompt only once; 'Not now' drops it too. */
export function dropInstallOffer() {
  setOffer(null);
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
