import { I18nProvider } from '@lingui/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { catchInstallOffer } from './app/install-offer';
import { startAuthLookup } from './app/root';
import { App, preloadRoute } from './app/router';
import { activateLocale, deferAppMessages, i18n, initialLocale } from './i18n';
import './ui/styles.css';
import { initTheme } from './ui/theme';

initTheme(); // before the first render: no flash of the other theme
catchInstallOffer();
startAuthLookup();

// The signed-in features' messages load with the signed-in layout, not before a signed-out
// screen (web/src/i18n/i18n.ts).
deferAppMessages();
// The page's chunks load beside the entry's own start-up; the first render waits for them. It is
// a transition, which React renders in short tasks that leave the main thread free in between
// (docs/decisions/084-paint-from-device.md).
void Promise.all([preloadRoute(window.location.pathname), activateLocale(initialLocale())]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <App />
        </I18nProvider>
      </StrictMode>,
    ),
  );
});
