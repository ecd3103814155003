// @vitest-environment happy-dom
import type { AdminSettings, AdminSettingsDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { auditEntry } from '../../test/admin-fixtures';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen, within } from '../../test/rtl';
import SettingsPage from './settings-page';

const settings: AdminSettings = {
  seller: { companyName: 'Tune Ltd', address: '1 Dyno Road, Leeds', vatId: 'GB123456789' },
  pricing: { defaultPerCreditPrice: 55.5 },
  support: { supportEmail: 'help@tune.example' },
  hours: {
    timeZone: 'Europe/London',
    week: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:30' })),
    holidays: [],
  },
  automation: { automaticDelivery: false },
  assignment: { automaticAssignment: false, openTicketLimit: 10 },
  escalation: { pendingMinutes: 30, inProgressMinutes: 0, unansweredMinutes: 0 },
};

const history: AdminSettingsDto['history'] = [
  auditEntry({
    action: 'settings.update',
    targetType: 'settings',
    targetId: 'pricing',
    actor: { _id: 'a1', firstName: 'Ada', lastName: 'Admin', email: 'ada@tune.example' },
    before: { defaultPerCreditPrice: 60 },
    after: { defaultPerCreditPrice: 55.5 },
    createdAt: '2025-02-06T12:00:00.000Z',
  }),
  auditEntry({
    action: 'settings.update',
    targetType: 'settings',
    targetId: 'hours',
    actor: null,
    before: { ...settings.hours, week: [{ day: 6, open: '10:00', close: '14:00' }] },
    after: { ...settings.hours, week: [] },
  }),
];

async function openSettings() {
  const api = mockApi();
  api.on('GET', '/admin/settings', ok({ settings, history }, { message: 'Settings' }));
  api.on('GET', '/notifications/public-key', ok({ publicKey: null }));
  api.on(
    'GET',
    '/notifications/preferences',
    ok({ ticketStatus: true, supportReplies: true, newTickets: true, customerMessages: true }),
  );
  renderWithProviders(<SettingsPage />);
  return screen.findByTestId('settings-seller');
}

describe('the settings page in another language', () => {
  it('speaks German: sections, Save buttons, weekdays through Intl, the history with German money and dates', async () => {
    await activateLocale('de');
    const seller = await openSettings();
    expect(within(seller).getByRole('heading', { name: 'Verkäufer' })).toBeTruthy();
    expect(within(seller).getByRole('button', { name: 'Verkäufer speichern' })).toBeTruthy();
    expect(within(seller).getByRole('textbox', { name: 'USt-IdNr.' })).toHaveProperty('value', 'GB123456789');

    const hours = screen.getByTestId('settings-hours');
    expect(within(hours).getByRole('button', { name: 'Arbeitszeiten speichern' })).toBeTruthy();
    // The weekday comes from Intl in German, the time as typed.
    expect(within(hours).getByLabelText('Öffnet am Montag')).toHaveProperty('value', '09:00');
    expect(within(hours).getByRole('group', { name: 'Sonntag' })).toBeTruthy();

    const changes = screen.getByTestId('settings-history');
    expect(within(changes).getByRole('heading', { name: 'Letzte Änderungen' })).toBeTruthy();
    expect(changes.textContent).toMatch(/Standardpreis pro Credit: 60,00\s£ → 55,50\s£/);
    expect(changes.textContent).toContain('06. Feb. 2025');
    expect(changes.textContent).toContain('Samstag: 10:00–14:00 → Geschlossen');
    expect(changes.textContent).toContain('Das System');
  });

  it('in Arabic keeps numbers and IDs as written', async () => {
    await activateLocale('ar');
    const seller = await openSettings();
    expect(within(seller).getByRole('heading', { name: 'البائع' })).toBeTruthy();
    expect(within(seller).getByRole('textbox', { name: 'رقم ضريبة القيمة المضافة' })).toHaveProperty(
      'value',
      'GB123456789',
    );
    const escalation = screen.getByTestId('settings-escalation');
    expect(within(escalation).getByRole('textbox', { name: 'قيد الانتظار لأكثر من (دقائق)' })).toHaveProperty(
      'value',
      '30',
    );
    const changes = screen.getByTestId('settings-history');
    // Latin digits: the price and the date read as written.
    expect(changes.textContent).toMatch(/55[.,]50/);
    expect(changes.textContent).toContain('2025');
  });
});
