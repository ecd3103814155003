import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { firstLookupDone } from '../accounts/auth-gate';
import { followServiceWorkerUpdates } from './service-worker-updates';
import { whenPageIdle } from './when-page-idle';

/**
 * Registers the service worker (production builds) and offers the new version when one is
 * waiting, instead of swapping code under a tuner mid-upload. Registering starts the precache
 * of every page: it waits until the first screen has its own answers and the page is idle
 * (docs/decisions/031-first-visit.md).
 */
export function UpdatePrompt() {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const register = async () => {
      const { Workbox } = await import('workbox-window');
      if (cancelled) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      followServiceWorkerUpdates(wb, {
        onWaiting: () => setWaiting(true),
        reload: () => window.location.reload(),
      });
      setWorkbox(wb);
      await wb.register();
    };
    // Offline on a first visit the module or the worker cannot be fetched: the next visit registers.
    const cancel = whenPageIdle(() => void register().catch(() => {}), { ready: firstLookupDone });
    return () => {
      cancelled = true;
      cancel();
    };
  }, []);

  if (!waiting || !workbox) return null;
  return (
    <div className="update-prompt" role="status">
      <span>
        <Trans>A new version is available.</Trans>
      </span>
      <button type="button" className="btn" onClick={() => workbox.messageSkipWaiting()}>
        <Trans>Reload</Trans>
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => setWaiting(false)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
