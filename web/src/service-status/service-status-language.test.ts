import { DEFAULT_WORKING_HOURS, type ServiceStatusDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../i18n';
import { describeServiceStatus } from './status-text';

/** The file service banner's words and times in the reader's language. */

const LONDON = 'Europe/London';
// Saturday 13 June 2026, 19:00 in London.
const SATURDAY_EVENING = new Date('2026-06-13T18:00:00Z');

const closed: ServiceStatusDto = {
  open: false,
  closesAt: null,
  nextOpeningAt: '2026-06-15T08:00:00Z',
  timeZone: LONDON,
  queueLength: 8,
  expectedReadyAt: null,
  expectedOpenMinutes: 135,
  hours: DEFAULT_WORKING_HOURS,
};

describe('the service status in German', () => {
  it('says the status, the queue and the opening day in German', async () => {
    await activateLocale('de');
    const text = describeServiceStatus(closed, {
      now: SATURDAY_EVENING,
      viewerTimeZone: LONDON,
      i18n,
      locale: 'de',
    });
    expect(text.headline).toBe('Dateiservice geschlossen · öffnet Mo. 09:00');
    expect(text.detail).toBe('8 Dateien warten · etwa 2 Std. Arbeit vor uns');
    expect(text.closedNote).toBe(
      'Eine jetzt gesendete Datei wird bei der nächsten Öffnung bearbeitet, Mo. 09:00.',
    );
  });
});

describe('the service status in Arabic', () => {
  it('keeps the queue count a number', async () => {
    await activateLocale('ar');
    const text = describeServiceStatus(closed, {
      now: SATURDAY_EVENING,
      viewerTimeZone: LONDON,
      i18n,
      locale: 'ar',
    });
    expect(text.detail).toContain('8 ملفات بالانتظار');
  });
});
