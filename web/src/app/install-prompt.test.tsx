// @vitest-environment happy-dom

import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '../test/rtl';
import { catchInstallOffer, currentInstallOffer, dropInstallOffer } from './install-offer';
import { InstallPrompt as Prompt } from './install-prompt';

const DISMISSED_KEY = 'ecu-install-dismissed-at';
const DAY = 24 * 60 * 60 * 1000;

// The page the app was opened on (happy-dom's location) is '/'.
beforeAll(() => catchInstallOffer());

/** The prompt on a page the person moved on to: `/files`, unless told which. */
function InstallPrompt({ at = '/files' }: { at?: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <Link to="/files">My Files</Link>
      <Prompt />
    </MemoryRouter>
  );
}
afterEach(() => {
  act(() => dropInstallOffer());
  localStorage.clear();
  vi.restoreAllMocks();
});

/** The browser offers to install: a beforeinstallprompt whose prompt() the test watches. */
function offerInstall(prompt = vi.fn(async () => ({ outcome: 'accepted' }))) {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

const installButton = () => screen.queryByRole('button', { name: 'Install ECU Portal' });

describe('the install offer', () => {
  // First: once the person has moved on, the offer stays for the rest of the visit.
  it('waits on the page the app was opened on until the person opens another page', async () => {
    const user = userEvent.setup();
    render(<InstallPrompt at="/" />);
    offerInstall();
    expect(installButton()).toBeNull();

    await user.click(screen.getByRole('link', { name: 'My Files' }));

    expect(installButton()).not.toBeNull();
  });

  it('shows nothing where the browser has not offered installing', () => {
    render(<InstallPrompt />);
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
  });

  it('appears when the browser offers it, keeping the browser’s own banner away', () => {
    render(<InstallPrompt />);
    const { event } = offerInstall();
    const region = screen.getByRole('region', { name: 'Install the app' });
    expect(region.textContent).toContain(
      'Install ECU Portal on this device for quick access and offline use.',
    );
    expect(installButton()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeTruthy();
    expect(event.defaultPrevented).toBe(true);
  });

  it('asks the browser to install once, then goes away', async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />);
    const { prompt } = offerInstall();

    await user.click(installButton()!);

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(installButton()).toBeNull();
    expect(currentInstallOffer()).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBeNull();
  });

  it('goes away quietly when the browser’s prompt fails', async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />);
    offerInstall(vi.fn(async () => Promise.reject(new Error('already shown'))));
    await user.click(installButton()!);
    expect(installButton()).toBeNull();
  });

  it('after “Not now” stays away for 30 days, then offers again', async () => {
    const user = userEvent.setup();
    const now = Date.UTC(2026, 5, 1, 12);
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const first = render(<InstallPrompt />);
    offerInstall();

    await user.click(screen.getByRole('button', { name: 'Not now' }));

    expect(installButton()).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe(String(now));
    first.unmount();

    // Another visit 29 days later: the browser offers again, the portal does not.
    vi.spyOn(Date, 'now').mockReturnValue(now + 29 * DAY);
    const second = render(<InstallPrompt />);
    offerInstall();
    expect(installButton()).toBeNull();
    second.unmount();

    vi.spyOn(Date, 'now').mockReturnValue(now + 31 * DAY);
    render(<InstallPrompt />);
    offerInstall();
    expect(installButton()).not.toBeNull();
  });

  it('is not shown in the installed app', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
    );
    render(<InstallPrompt />);
    offerInstall();
    expect(installButton()).toBeNull();
  });

  it('goes away once the app is installed from the browser’s own menu', () => {
    render(<InstallPrompt />);
    offerInstall();
    expect(installButton()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(installButton()).toBeNull();
  });
});
