// @vitest-environment happy-dom

import { Trans } from '@lingui/react/macro';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '../test/rtl';
import { activateLocale, initialLocale } from './i18n';
import { LanguageSwitch } from './language-switch';

afterEach(async () => {
  localStorage.clear();
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

/** A heading whose message the sign-in page has too, so every catalogue translates it. */
function Screen() {
  return (
    <>
      <h1>
        <Trans>Sign In</Trans>
      </h1>
      <LanguageSwitch />
    </>
  );
}

describe('the language menu', () => {
  it('speaks the chosen language at once, with the document’s lang and dir, and keeps it on the device', async () => {
    render(<Screen />);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(initialLocale()).toBe('de');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'العربية');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(initialLocale()).toBe('ar');
  });

  it('offers every language by its own name, marked with its language', () => {
    render(<Screen />);
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent, o.lang])).toEqual([
      ['en', 'English', 'en'],
      ['de', 'Deutsch', 'de'],
      ['fr', 'Français', 'fr'],
      ['es', 'Español', 'es'],
      ['it', 'Italiano', 'it'],
      ['pl', 'Polski', 'pl'],
      ['tr', 'Türkçe', 'tr'],
      ['ar', 'العربية', 'ar'],
    ]);
  });
});

describe('the first language', () => {
  it.each<[string | null, readonly string[], string]>([
    [null, ['pl-PL', 'en'], 'pl'],
    [null, ['pt-BR'], 'en'],
    ['tr', ['de-DE'], 'tr'],
    ['xx', ['fr-CA'], 'fr'],
  ])('kept %j, browser %j: %s', (kept, languages, expected) => {
    if (kept) localStorage.setItem('ecu.locale', kept);
    Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
    expect(initialLocale()).toBe(expected);
  });

  it('is not kept on the device unless chosen', async () => {
    await activateLocale('it');
    expect(localStorage.getItem('ecu.locale')).toBeNull();
    expect(document.documentElement.lang).toBe('it');
  });
});

describe('the pseudo-locale', () => {
  afterEach(() => window.history.replaceState({}, '', '/'));

  it('is turned on by a ?locale=pseudo link: English accented, bracketed and longer, on this device only', async () => {
    window.history.replaceState({}, '', '/signin?locale=pseudo');
    expect(initialLocale()).toBe('pseudo');
    await activateLocale(initialLocale());
    render(<Screen />);
    const heading = screen.getByRole('heading').textContent ?? '';
    expect(heading).toMatch(/^\[.+\]$/);
    expect(heading).not.toContain('Sign In');
    expect(heading.length).toBeGreaterThanOrEqual(Math.floor('Sign In'.length * 1.3));
    expect(document.documentElement.lang).toBe('en-XA');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('pseudo');

    window.history.replaceState({}, '', '/signin?locale=en');
    expect(initialLocale()).toBe('en');
    window.history.replaceState({}, '', '/signin');
    expect(initialLocale()).toBe('en');
  });
});
