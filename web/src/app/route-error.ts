/* eslint-disable lingui/no-unlocalized-strings -- browsers' own error messages, matched, never shown */
/** How browsers word a lazy page (a JS chunk) that could not be fetched. */
const CHUNK_LOAD_FAILURES = [
  'Failed to fetch dynamically imported module', // Chromium
  'Importing a module script failed', // Safari
  'error loading dynamically imported module', // Firefox
  'Unable to preload CSS', // Vite's CSS preload
];

/**
 * Whether a route failed because its page could not be downloaded (offline before the page
 * was cached, or a new deployment removed the old chunk): a reload helps, unlike a bug.
 */
export function isPageLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    (error instanceof Error && error.name === 'ChunkLoadError') ||
    CHUNK_LOAD_FAILURES.some((text) => message.includes(text))
  );
}
