// @vitest-environment happy-dom

import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { renderLayout } from '../test/routes';
import { render, screen } from '../test/rtl';
import { RouteErrorPage } from './route-error-page';

/** The portal's frame (layouts, error page) in the reader's language. */

describe('the frame in German', () => {
  it('the customer layout: German names, the balance in German digits', async () => {
    renderLayout('customer', '/dashboard', { account: { locale: 'de', credits: 1250 } });
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Hauptnavigation' })).toBeTruthy();
    expect(screen.getByTestId('sidebar-credits').textContent).toBe('1.250 CRD');
  });

  it('the admin layout', async () => {
    renderLayout('admin', '/dashboard', { account: { locale: 'de' } });
    expect(await screen.findByText('Admin-Dashboard')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('the error page', async () => {
    await activateLocale('de');
    render(
      <MemoryRouter>
        <RouteErrorPage error={new TypeError('Failed to fetch dynamically imported module')} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Diese Seite konnte nicht geladen werden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
  });
});

describe('the frame in Arabic', () => {
  it('keeps the balance a number as written', async () => {
    renderLayout('customer', '/dashboard', { account: { locale: 'ar', credits: 7 } });
    expect(await screen.findByRole('button', { name: 'فتح القائمة' })).toBeTruthy();
    expect(screen.getByTestId('sidebar-credits').textContent).toMatch(/^(7|٧) CRD$/);
  });
});
