import type { Locale, UserDto } from '@ecu/shared';
import { useEffect } from 'react';
import { activateLocale, i18n, localeSaved, PSEUDO_LOCALE, unsavedLocale } from '../i18n';
import { accountsApi } from './api';

/**
 * Tells the account the language chosen on this device (its e-mails and pushes follow it) and
 * keeps the returned user as the device's copy. Offline, the choice stays unsaved and the next
 * screen with the user tries again.
 */
export async function saveAccountLocale(locale: Locale): Promise<void> {
  try {
    const { data } = await accountsApi.setLocale({ locale });
    await (await import('../local/db')).setAuthUser(data);
    localeSaved(data.locale);
  } catch {
    // Unsaved: useAccountLanguage sends it again.
  }
}

/**
 * A signed-in screen speaks its account's language: a choice made here that the account has not
 * heard of yet is sent; otherwise the account's language (chosen on another device) is shown
 * and kept for this device's next first paint (docs/decisions/093-languages.md).
 */
export function useAccountLanguage(user: Pick<UserDto, '_id' | 'locale'> | null) {
  const id = user?._id;
  const locale = user?.locale;
  useEffect(() => {
    // The pseudo-locale is a developer's, on this device only.
    if (!id || !locale || i18n.locale === PSEUDO_LOCALE) return;
    const unsaved = unsavedLocale();
    if (unsaved && unsaved !== locale) void saveAccountLocale(unsaved);
    else if (unsaved) localeSaved(unsaved);
    else if (locale !== i18n.locale) void activateLocale(locale, { keep: true });
  }, [id, locale]);
}
