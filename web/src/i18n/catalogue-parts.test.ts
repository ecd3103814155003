import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { activateLocale, deferAppMessages, i18n, loadAppMessages } from './i18n';

/**
 * The two catalogues of a language (lingui.config.ts): the shell's loads before a signed-out
 * screen's first paint; the signed-in features' with the signed-in layout, and from then on
 * with every language chosen.
 */
// A message of the shell (web/src/i18n) and one of a signed-in feature (profile settings).
const shellMessage = msg`In Progress`;
const appMessage = msg`The portal, its e-mails and its notifications speak the language chosen here.`;

describe('the catalogues of a language', () => {
  it('loads the signed-in features’ messages only when asked, then with every language', async () => {
    deferAppMessages();
    await activateLocale('de');
    expect(i18n._(shellMessage)).toBe('In Bearbeitung');
    expect(i18n.messages[appMessage.id!]).toBeUndefined();

    await loadAppMessages();
    expect(i18n._(appMessage)).toMatch(/Sprache/);

    await activateLocale('fr');
    expect(i18n._(shellMessage)).toBe('En cours');
    expect(i18n._(appMessage)).toMatch(/langue/);
  });

  it('loads them for a language still being activated when asked', async () => {
    deferAppMessages();
    const activating = activateLocale('pl');
    const loading = loadAppMessages();
    await Promise.all([activating, loading]);
    expect(i18n.locale).toBe('pl');
    expect(i18n._(appMessage)).toMatch(/język/i);
  });
});
