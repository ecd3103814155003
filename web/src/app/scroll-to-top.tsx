import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The page scrolls smoothly to the top on each route change (docs/product.md#2-routes-and-the-auth-gate),
 * at once where the system asks for reduced motion.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}
