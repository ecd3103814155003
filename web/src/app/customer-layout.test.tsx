// @vitest-environment happy-dom

import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { activeLinks, renderLayout, sidebarGroups, sidebarLinks, standInText } from '../test/routes';
import { render, screen, within } from '../test/rtl';
import { CustomerLayout } from './customer-layout';

// docs/product.md#3-customer-screens: groups General, Database, Credits and Portal with a File
// Service submenu (Upload File, My Files); navigation replaces the history entry.

describe('the customer sidebar', () => {
  it('shows the groups in order, the File Service submenu closed away from its pages', () => {
    const { sidebar } = renderLayout('customer', '/dashboard');
    expect(sidebarGroups(sidebar())).toEqual([
      ['General', ['Dashboard']],
      ['Database', ['Price List']],
      ['Credits', ['Buy Credits', 'My Transactions']],
      ['Portal', []],
    ]);
    const toggle = within(sidebar()).getByRole('button', { name: /File Service/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(standInText('/dashboard'))).toBeTruthy();
  });

  it('holds no admin item', () => {
    const { sidebar } = renderLayout('customer', '/dashboard');
    for (const name of ['Overview', 'Users', 'ECU Files', 'Inbox', 'Settings', 'Transactions']) {
      expect(within(sidebar()).queryByRole('link', { name })).toBeNull();
    }
  });

  it('opens the submenu on a click, and closes it on another', async () => {
    const { user, sidebar } = renderLayout('customer', '/price-list');
    const toggle = within(sidebar()).getByRole('button', { name: /File Service/ });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(sidebarGroups(sidebar()).at(-1)).toEqual(['Portal', ['Upload File', 'My Files']]);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(sidebar()).queryByRole('link', { name: 'Upload File' })).toBeNull();
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/price-list', 'Price List'],
    ['/buy-credits', 'Buy Credits'],
    ['/transactions', 'My Transactions'],
  ])('at %s marks %s as the current page', (path, name) => {
    const { sidebar } = renderLayout('customer', path);
    expect(activeLinks(sidebar())).toEqual([name]);
    expect(sidebarLinks(sidebar()).filter((link) => link.current)).toEqual([{ name, current: true }]);
  });

  it.each([
    ['/upload-file', 'Upload File'],
    ['/modification-plan', 'Upload File'],
    ['/overview', 'Upload File'],
    ['/my-files', 'My Files'],
    ['/ticket-details/100001', 'My Files'],
  ])('at %s opens File Service and marks %s', (path, name) => {
    const { sidebar } = renderLayout('customer', path);
    expect(
      within(sidebar())
        .getByRole('button', { name: /File Service/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(activeLinks(sidebar())).toEqual([name]);
    expect(within(sidebar()).getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
  });

  it.each(['/profile-settings', '/help', '/order-details'])('at %s marks no item', (path) => {
    const { sidebar } = renderLayout('customer', path);
    expect(activeLinks(sidebar())).toEqual([]);
    expect(sidebarLinks(sidebar()).some((link) => link.current)).toBe(false);
  });

  it('goes to the page of a link and moves the mark there', async () => {
    const { user, sidebar, pathname } = renderLayout('customer', '/dashboard');
    await user.click(within(sidebar()).getByRole('link', { name: 'Price List' }));
    expect(pathname()).toBe('/price-list');
    expect(screen.getByText(standInText('/price-list'))).toBeTruthy();
    expect(activeLinks(sidebar())).toEqual(['Price List']);

    await user.click(within(sidebar()).getByRole('button', { name: /File Service/ }));
    await user.click(within(sidebar()).getByRole('link', { name: 'My Files' }));
    expect(pathname()).toBe('/my-files');
    expect(activeLinks(sidebar())).toEqual(['My Files']);
  });

  it('shows the name and the credits above the groups', () => {
    const { sidebar } = renderLayout('customer', '/dashboard', {
      account: { firstName: 'Ann', lastName: 'Lee', credits: 12 },
    });
    expect(within(sidebar()).getByText('Ann Lee')).toBeTruthy();
    expect(within(sidebar()).getByTestId('sidebar-credits').textContent).toBe('12 CRD');
  });

  it('paints its frame before the user is read: the groups, a waiting name and credits, a named account button', () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route element={<CustomerLayout user={null} />}>
            <Route path="/dashboard" element={<p>{standInText('/dashboard')}</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    const sidebar = screen.getByRole('complementary', { name: 'Main navigation' });
    expect(sidebarGroups(sidebar).map(([title]) => title)).toEqual([
      'General',
      'Database',
      'Credits',
      'Portal',
    ]);
    expect(within(sidebar).getByTestId('sidebar-credits').textContent).toBe('…');
    expect(screen.getByRole('button', { name: 'Account' }).getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.getByText(standInText('/dashboard'))).toBeTruthy();
  });
});
