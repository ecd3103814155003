import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './app/router';
import './local/query-cache-guard';
import './ui/styles.css';
import { initTheme } from './ui/theme';

initTheme(); // before the first render: no flash of the other theme

// The page's chunks load beside the entry's own start-up; the first render waits for them.
void preloadRoute(window.location.pathname).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
