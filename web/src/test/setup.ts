import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { i18n } from '../i18n';
import { resetConnectivity } from '../local/connectivity';

// Tests read the screens in English: outside a production build each message carries its
// English text, which Lingui compiles as it goes, so no catalogue is loaded here. A test that
// chose another language leaves English behind it.
const speakEnglish = () => i18n.loadAndActivate({ locale: 'en', messages: {} });
speakEnglish();

// Node 24 has Web Locks for the whole process (navigator.locks). A browser releases a page's
// locks when the page closes; a test's 'page reload' (test/outbox.ts) cannot, so the reloaded
// page would wait for the lock of the page that 'crashed'. The unit tests run as a browser
// without Web Locks (the outbox's own fallback); Chromium runs the lock in the browser tests.
if (typeof navigator !== 'undefined' && 'locks' in navigator) {
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
}

// A console.error during a test is a failure (why: api/src/test/console-guard.ts).
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(errorSpy).not.toHaveBeenCalled();
  errorSpy.mockRestore();
  // A request that got no answer leaves the portal offline until a probe: not into the next test.
  resetConnectivity();
  if (i18n.locale !== 'en') speakEnglish();
});

// Component tests (`// @vitest-environment happy-dom` at the top of the file) unmount what they
// rendered after each test; Testing Library only does this by itself when Vitest's globals are on.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('./rtl');
  afterEach(() => cleanup());
  // Screens read the signed-in user through a module the app loads after its first paint (a
  // dynamic import, accounts/auth-user.ts). Loaded here once, a test's first render does not wait
  // for its transform, which on a busy machine outlasted the queries' one-second wait.
  await (await import('../accounts')).loadAuthLookup();
}
