// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../i18n';
import { render, screen } from '../test/rtl';
import { CountryFlag } from './country-flag';
import { ThemeSwitch } from './theme-switch';
import { transferText } from './use-transfer-rate';

/** The shared controls in the reader's language. */

describe('controls in German', () => {
  it('the theme menu, a flag and an upload line speak German; the speed stays as written', async () => {
    await activateLocale('de');
    render(
      <>
        <ThemeSwitch />
        <CountryFlag code="DE" />
      </>,
    );
    const menu = screen.getByRole('combobox', { name: 'Design' });
    expect([...menu.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'System',
      'Hell',
      'Dunkel',
    ]);
    expect(screen.getByRole('img', { name: 'Deutschland' })).toBeTruthy();
    expect(transferText('2.4 MB/s · about 1 h 5 min left', i18n)).toBe('2.4 MB/s · noch etwa 1 Std. 5 Min.');
  });
});

describe('controls in Arabic', () => {
  it('keeps the numbers of an upload line as written', async () => {
    await activateLocale('ar');
    expect(transferText('2.4 MB/s · about 12 s left', i18n)).toBe('2.4 MB/s · متبقٍ نحو 12 ثانية');
  });
});
