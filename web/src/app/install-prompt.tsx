import { useEffect, useState } from 'react';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

const DISMISSED_KEY = 'ecu-install-dismissed-at';
const REMEMBER_DISMISSAL_MS = 30 * 24 * 60 * 60 * 1000;

function dismissedRecently(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return at > 0 && now - at < REMEMBER_DISMISSAL_MS;
  } catch {
    return false;
  }
}

function rememberDismissal() {
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // Storage blocked: the offer comes back on the next visit.
  }
}

function installed(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}

/**
 * 'Install ECU Portal' where the browser offers installing the PWA (beforeinstallprompt). Hidden
 * when running installed, once installed, and for 30 days after 'Not now'. Browsers without the
 * event (Safari, Firefox) never show it; their own menu installs.
 */
export function InstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    if (installed()) return;
    const onOffer = (e: Event) => {
      e.preventDefault(); // keep the browser's own mini-infobar away; we ask at our place
      if (!dismissedRecently()) setOffer(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offer) return null;

  async function install() {
    if (!offer) return;
    setOffer(null); // the event can prompt only once
    await offer.prompt().catch(() => undefined);
  }

  function dismiss() {
    rememberDismissal();
    setOffer(null);
  }

  return (
    <section className="install-prompt" aria-label="Install the app">
      <span className="install-prompt-text">
        Install ECU Portal on this device for quick access and offline use.
      </span>
      <button type="button" className="btn" onClick={() => void install()}>
        Install ECU Portal
      </button>
      <button type="button" className="btn btn-secondary" onClick={dismiss}>
        Not now
      </button>
    </section>
  );
}
