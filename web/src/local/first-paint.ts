/**
 * Settles once the browser has shown the page's first text or image (the paint timing's
 * 'first-contentful-paint'), or after `maxWaitMs`, or at once where paint timing is missing:
 * work that must not compete with the first screen waits for it, not for the page's `load`,
 * which can come before a screen that waits on the local database has painted.
 */
export function firstContentfulPaint(maxWaitMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const supported =
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint') &&
      typeof performance?.getEntriesByName === 'function';
    if (!supported || performance.getEntriesByName('first-contentful-paint').length > 0) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, maxWaitMs);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}
