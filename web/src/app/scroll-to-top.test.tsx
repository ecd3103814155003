// @vitest-environment happy-dom

import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../test/rtl';
import { ScrollToTop } from './scroll-to-top';

function motionPreference(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
  );
}

describe('scrolling to the top on a route change', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls smoothly', () => {
    motionPreference(false);
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/my-files']}>
        <ScrollToTop />
      </MemoryRouter>,
    );
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('jumps at once where the system asks for reduced motion', () => {
    motionPreference(true);
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/my-files']}>
        <ScrollToTop />
      </MemoryRouter>,
    );
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });
});
