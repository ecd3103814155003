// @vitest-environment happy-dom

import { profileSchema, signUpSchema } from '@ecu/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '../test/rtl';
import { Field } from '../ui/field';
import { fieldErrorsOf } from '../ui/field-errors';
import { activateLocale } from './i18n';
import { validationMessage } from './validation-messages';

/** The shared schemas' messages in the screen's language (web/src/i18n/validation-messages.ts). */
describe('validation messages', () => {
  afterEach(() => activateLocale('en'));

  const signUp = { email: 'not-an-address', password: 'short', confirmPassword: 'other' };

  it('are the shared English words in English', async () => {
    await activateLocale('en');
    const parsed = signUpSchema.safeParse(signUp);
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!)).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it.each([
    ['de', 'Geben Sie eine gültige E-Mail-Adresse ein', 'Das Passwort muss mindestens 8 Zeichen lang sein'],
    ['pl', 'Podaj prawidłowy adres e-mail', 'Hasło musi mieć co najmniej 8 znaków'],
    ['ar', 'أدخل بريدًا إلكترونيًا صالحًا', 'يجب ألا تقل كلمة المرور عن 8 أحرف'],
  ] as const)('are in %s with the numbers filled in', async (locale, email, password) => {
    await activateLocale(locale);
    const errors = fieldErrorsOf(signUpSchema.safeParse(signUp).error!);
    expect(errors.email).toBe(email);
    expect(errors.password).toBe(password);
  });

  it('cover the profile fields, and show a message they do not know as it came', async () => {
    await activateLocale('tr');
    const errors = fieldErrorsOf(
      profileSchema.safeParse({
        firstName: '',
        lastName: 'x'.repeat(61),
        country: 'XX',
        city: 'a',
        postalCode: 'b',
        address: 'c',
      }).error!,
    );
    expect(errors).toMatchObject({
      firstName: 'Ad gerekli',
      lastName: 'Soyad en fazla 60 karakter olabilir',
      country: 'Listeden bir ülke seçin',
    });
    expect(validationMessage('Die Datei ist zu groß')).toBe('Die Datei ist zu groß');
  });

  it('are shown by a field in the language', async () => {
    await activateLocale('fr');
    render(
      <Field id="email" label="E-mail" error="Enter a valid email address">
        <input id="email" />
      </Field>,
    );
    expect(screen.getByText('Saisissez une adresse e-mail valide')).toBeTruthy();
  });
});
