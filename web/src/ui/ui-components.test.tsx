// @vitest-environment happy-dom

import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '../test/rtl';
import { CountryFlag } from './country-flag';
import { CountrySelect } from './country-select';
import { Field } from './field';
import { PasswordInput } from './password-input';
import { setThemeChoice } from './theme';
import { ThemeSwitch } from './theme-switch';

/** The shared presentational components. */

describe('CountryFlag', () => {
  it("shows the country's flag named by the country", () => {
    render(
      <>
        <CountryFlag code=" gb " />
        <CountryFlag code="DE" />
      </>,
    );
    const gb = screen.getByRole('img', { name: 'United Kingdom' }).getAttribute('src');
    const de = screen.getByRole('img', { name: 'Germany' }).getAttribute('src');
    // Bundled with the app (a data: URL or an asset), so it shows offline.
    expect(gb).toMatch(/^(data:image\/svg\+xml|\/)/);
    expect(gb).not.toBe(de);
  });

  it.each([[''], ['XX'], [null]])('a grey placeholder for %j', (code) => {
    render(<CountryFlag code={code} />);
    expect(screen.getByRole('img', { name: 'No country' })).toBeTruthy();
  });
});

describe('Field', () => {
  it('labels its control and shows the error under it, with a star that screen readers skip', () => {
    render(
      <Field id="city" label="City" error="City is required" starred>
        <input id="city" aria-describedby="city-error" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input.getAttribute('aria-describedby')).toBe('city-error');
    expect(document.getElementById('city-error')?.textContent).toBe('City is required');
  });

  it('shows no error element without an error', () => {
    render(
      <Field id="city" label="City">
        <input id="city" />
      </Field>,
    );
    expect(document.getElementById('city-error')).toBeNull();
  });
});

/** Two password fields driven by one toggle, as on sign-up. */
function TwoPasswords() {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <label htmlFor="p1">Password</label>
      <PasswordInput id="p1" visible={visible} onToggle={() => setVisible((v) => !v)} />
      <label htmlFor="p2">Again</label>
      <PasswordInput id="p2" visible={visible} />
    </>
  );
}

describe('PasswordInput', () => {
  it('one toggle shows and hides both fields', async () => {
    render(<TwoPasswords />);
    const user = userEvent.setup();
    expect((screen.getByLabelText('Again') as HTMLInputElement).type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('text');
    expect((screen.getByLabelText('Again') as HTMLInputElement).type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).textContent).toBe('Hide');
  });
});

describe('CountrySelect', () => {
  it("reports the chosen country's code", async () => {
    const chosen: string[] = [];
    render(
      <>
        <label htmlFor="country">Country</label>
        <CountrySelect id="country" value="" onChange={(code) => chosen.push(code)} />
      </>,
    );
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany (DE)');
    expect(chosen).toEqual(['DE']);
  });
});

describe('ThemeSwitch', () => {
  afterEach(() => setThemeChoice('system'));

  it('applies the choice to the page and keeps it on this device; System follows the device again', async () => {
    render(<ThemeSwitch />);
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Theme' }) as HTMLSelectElement;
    expect(select.value).toBe('system');
    await user.selectOptions(select, 'Dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('ecu-theme')).toBe('dark');
    await user.selectOptions(select, 'System');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem('ecu-theme')).toBeNull();
  });
});
