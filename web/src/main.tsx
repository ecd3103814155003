import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { catchInstallOffer } from './app/install-offer';
import { startAuthLookup } from './app/root';
import { App, preloadRoute } from './app/router';
import './ui/styles.css';
import { initTheme } from './ui/theme';

initTheme(); // before the first render: no flash of the other theme
catchInstallOffer();
startAuthLookup();

// The page's chunks load beside the entry's own start-up; the first render waits for them. It is
// a transition, which React renders in short tasks that leave the main thread free in between
// (docs/decisions/084-paint-from-device.md).
void preloadRoute(window.location.pathname).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
