/**
 * Runs `task` after the first screen: once the page has loaded, `ready` has settled, and the
 * browser is idle, or `maxIdleWaitMs` later at most (a busy page may never be idle). Safari
 * has no requestIdleCallback; there a short timeout stands in. Returns a cancel function.
 */
export function whenPageIdle(
  task: () => void,
  {
    ready = () => Promise.resolve(),
    maxIdleWaitMs = 5_000,
  }: { ready?: () => Promise<unknown>; maxIdleWaitMs?: number } = {},
): () => void {
  let cancelled = false;
  let cancelWait = () => {};
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  void loaded
    .then(() => ready())
    .catch(() => {})
    .then(() => {
      if (cancelled) return;
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(() => task(), { timeout: maxIdleWaitMs });
        cancelWait = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(task, 50);
        cancelWait = () => window.clearTimeout(id);
      }
    });
  return () => {
    cancelled = true;
    cancelWait();
  };
}

