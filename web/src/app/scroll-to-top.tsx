import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The page scrolls smoothly to the top on each route change (docs/product.md#2-routes-and-the-auth-gate). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
