import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { currentInstallOffer, dropInstallOffer, movedOnFrom, subscribeInstallOffer } from './install-offer';

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
 * 'Install ECU Portal' where the browser offers installing the PWA (beforeinstallprompt, caught
 * from start-up by install-offer.ts). Hidden when running installed, once installed, and for
 * 30 days after 'Not now', and on the page the person landed on until they open another one.
 * Browsers without the event (Safari, Firefox) never show it; their
 * own menu installs.
 */
export function InstallPrompt() {
  const offer = useSyncExternalStore(subscribeInstallOffer, currentInstallOffer, () => null);
  const { pathname } = useLocation();
  const { t } = useLingui();

  if (!offer || !movedOnFrom(pathname) || installed() || dismissedRecently()) return null;

  async function install() {
    if (!offer) return;
    dropInstallOffer(); // the event can prompt only once
    await offer.prompt().catch(() => undefined);
  }

  function dismiss() {
    rememberDismissal();
    dropInstallOffer();
  }

  return (
    <section className="install-prompt" aria-label={t`Install the app`}>
      <span className="install-prompt-text">
        <Trans>Install ECU Portal on this device for quick access and offline use.</Trans>
      </span>
      <button type="button" className="btn" onClick={() => void install()}>
        <Trans>Install ECU Portal</Trans>
      </button>
      <button type="button" className="btn btn-secondary" onClick={dismiss}>
        <Trans>Not now</Trans>
      </button>
    </section>
  );
}
