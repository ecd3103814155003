// @vitest-environment happy-dom

import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_LOOKUP_LIMIT_MS } from '../accounts/auth-gate';
import { writeSignedInCopy } from '../local/signed-in-copy';
import { mockApi } from '../test/api-mock';
import { act, render, screen } from '../test/rtl';
import { Root } from './root';

// The server never answers here: what shows comes from the copy alone.
vi.mock('../accounts/auth-state', () => ({
  lookUpUser: () => new Promise(() => {}),
  sendPendingSignOut: async () => false,
}));
vi.mock('./sync-runner', () => ({ default: () => null }));
vi.mock('./shell-extras', () => ({ default: () => null }));
vi.mock('./toaster', () => ({ default: () => null }));
vi.mock('./disabled-overlay', () => ({ default: () => <div role="alertdialog">Account Disabled</div> }));

function openAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Root />}>
          <Route path="/signin" element={<h1>Sign In</h1>} />
          <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const tuner = { _id: 'u1', role: 'user', onBoarded: true, verified: true, disabled: false } as const;

/**
 * A fresh start on a device that knows nobody (a malformed copy reads as none; the modules are
 * loaded anew, as they keep what they read), at `path`; returns the fresh copy module.
 */
async function openKnowingNobody(path: string) {
  localStorage.setItem('ecu-signed-in', 'not json');
  vi.resetModules();
  const fresh = await import('./root');
  const copy = await import('../local/signed-in-copy');
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<fresh.Root />}>
          <Route path="/signin" element={<h1>Sign In</h1>} />
          <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return copy;
}

describe("the route gate's first render", () => {
  beforeEach(() => {
    localStorage.clear();
    // What the shell asks besides the lookup (the account's own query) stays in the test:
    // unanswered here, it went to happy-dom's real fetch and printed ECONNREFUSED into CI's log.
    mockApi();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the signed-in screen at once from the copy, without waiting for the server', () => {
    writeSignedInCopy(tuner);
    openAt('/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('after sign-out sends /dashboard to the sign-in page at once', () => {
    writeSignedInCopy(tuner);
    writeSignedInCopy(null);
    openAt('/dashboard');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('puts a disabled account behind the overlay', async () => {
    writeSignedInCopy({ ...tuner, disabled: true });
    openAt('/dashboard');
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dashboard' }).closest('[inert]')).not.toBeNull();
  });

  it('knowing nobody, waits for the server, then offers Retry after the time limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await openKnowingNobody('/dashboard');
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_LOOKUP_LIMIT_MS));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('knowing nobody, shows the sign-in page at once, and moves on when the server names a user', async () => {
    const copy = await openKnowingNobody('/signin');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();

    act(() => copy.writeSignedInCopy(tuner));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign In' })).toBeNull();
  });

  it('knowing nobody on a signed-in page, shows it once the server names the user', async () => {
    const copy = await openKnowingNobody('/dashboard');
    expect(screen.getByText('Loading...')).toBeTruthy();

    act(() => copy.writeSignedInCopy(tuner));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
