import { useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (production builds) and offers the new version when one is
 * waiting, instead of swapping code under a tuner mid-upload.
 */
export function UpdatePrompt() {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => setWaiting(true));
    wb.addEventListener('controlling', () => window.location.reload());
    wb.register().catch(() => {});
    setWorkbox(wb);
  }, []);

  if (!waiting || !workbox) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version is available.</span>
      <button type="button" className="btn" onClick={() => workbox.messageSkipWaiting()}>
        Reload
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => setWaiting(false)}>
        Later
      </button>
    </div>
  );
}
