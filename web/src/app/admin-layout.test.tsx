// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { inboxKeys } from '../admin/inbox/inbox-api';
import { activeLinks, renderLayout, sidebarLinks, standInText } from '../test/routes';
import { screen, waitFor, within } from '../test/rtl';

// docs/product.md#9-the-admin-desk: 'Admin Dashboard' top bar with sign-out only; the sidebar
// lists the desk's pages and the support inbox with its unread count.

const ADMIN_ITEMS = [
  'Overview',
  'Users',
  'Unverified Users',
  'Disabled Users',
  'ECU Files',
  'Solutions',
  'Inbox',
  'Transactions',
  'Credits',
  'Deliveries',
  'Settings',
];

describe("an engineer's sidebar", () => {
  it('lists the queue only: no Users, Credits, Transactions, Deliveries or Settings', () => {
    const { sidebar } = renderLayout('engineer', '/files');
    expect(sidebarLinks(sidebar()).map((link) => link.name)).toEqual([
      'Overview',
      'ECU Files',
      'Solutions',
      'Inbox',
    ]);
    for (const name of [
      'Users',
      'Unverified Users',
      'Disabled Users',
      'Transactions',
      'Credits',
      'Settings',
    ]) {
      expect(within(sidebar()).queryByRole('link', { name })).toBeNull();
    }
    expect(screen.getByText('Engineer Desk')).toBeTruthy();
    expect(activeLinks(sidebar())).toEqual(['ECU Files']);
  });
});

describe('the admin sidebar', () => {
  it('lists the desk in order, and no customer item', () => {
    const { sidebar } = renderLayout('admin', '/dashboard');
    expect(sidebarLinks(sidebar()).map((link) => link.name)).toEqual(ADMIN_ITEMS);
    for (const name of ['Dashboard', 'Price List', 'Buy Credits', 'My Transactions', 'My Files']) {
      expect(within(sidebar()).queryByRole('link', { name })).toBeNull();
    }
    expect(within(sidebar()).queryByRole('button', { name: /File Service/ })).toBeNull();
    expect(screen.getByText('Admin Dashboard')).toBeTruthy();
    expect(screen.getByText(standInText('/dashboard'))).toBeTruthy();
  });

  it.each([
    ['/dashboard', 'Overview'],
    ['/users', 'Users'],
    ['/users/u1', 'Users'],
    ['/unverified-users', 'Unverified Users'],
    ['/disabled-users', 'Disabled Users'],
    ['/files', 'ECU Files'],
    ['/ticket/100001', 'ECU Files'],
    ['/solutions', 'Solutions'],
    ['/inbox', 'Inbox'],
    ['/transactions', 'Transactions'],
    ['/credits', 'Credits'],
    ['/deliveries', 'Deliveries'],
    ['/settings', 'Settings'],
  ])('at %s marks %s as the current page', (path, name) => {
    const { sidebar } = renderLayout('admin', path);
    expect(activeLinks(sidebar())).toEqual([name]);
    expect(sidebarLinks(sidebar()).filter((link) => link.current)).toEqual([{ name, current: true }]);
  });

  it('goes to the page of a link and moves the mark there', async () => {
    const { user, sidebar, pathname } = renderLayout('admin', '/ticket/100001');
    await user.click(within(sidebar()).getByRole('link', { name: 'Settings' }));
    expect(pathname()).toBe('/settings');
    expect(screen.getByText(standInText('/settings'))).toBeTruthy();
    expect(activeLinks(sidebar())).toEqual(['Settings']);
  });

  it('shows the number of tickets waiting for support on the Inbox item', async () => {
    const { sidebar } = renderLayout('admin', '/dashboard', { inboxCount: 3 });
    const inbox = await within(sidebar()).findByRole('link', { name: 'Inbox (3 tickets waiting)' });
    expect(within(inbox).getByTestId('inbox-badge').textContent).toContain('3');
    expect(inbox.getAttribute('href')).toBe('/inbox');
  });

  it('shows no count when nothing waits', async () => {
    const { sidebar, queryClient } = renderLayout('admin', '/dashboard', { inboxCount: 0 });
    // Once the count has been answered, the item stays a plain 'Inbox'.
    await waitFor(() => expect(queryClient.getQueryState(inboxKeys.count)?.data).toBe(0));
    expect(within(sidebar()).getByRole('link', { name: 'Inbox' })).toBeTruthy();
    expect(within(sidebar()).queryByTestId('inbox-badge')).toBeNull();
  });
});
