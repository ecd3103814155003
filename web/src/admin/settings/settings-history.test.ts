import { DEFAULT_WORKING_HOURS } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { actorName, describeSettingsChange } from './settings-history';

const seller = { companyName: 'Old Ltd', address: '1 Road', vatId: 'GB1' };

describe('describeSettingsChange', () => {
  it('names the section and each changed field, by group', () => {
    expect(
      describeSettingsChange(
        {
          targetId: 'settings',
          before: { seller },
          after: { seller: { ...seller, companyName: 'New Ltd' } },
        },
        i18n,
      ),
    ).toEqual([{ section: 'Seller', lines: ['Company name: “Old Ltd” → “New Ltd”'] }]);
  });

  it('reads entries that name their group in targetId', () => {
    expect(
      describeSettingsChange(
        {
          targetId: 'pricing',
          before: { defaultPerCreditPrice: 60 },
          after: { defaultPerCreditPrice: 55.5 },
        },
        i18n,
      ),
    ).toEqual([{ section: 'Pricing', lines: ['Default price per credit: £60.00 → £55.50'] }]);
    expect(
      describeSettingsChange(
        { targetId: 'support', before: null, after: { supportEmail: 'help@x.com' } },
        i18n,
      ),
    ).toEqual([{ section: 'Support', lines: ['Support e-mail: (empty) → “help@x.com”'] }]);
  });

  it('says what changed in the working hours, day by day, and the holidays', () => {
    const after = {
      timeZone: 'Europe/Dublin',
      week: DEFAULT_WORKING_HOURS.week
        .filter((i) => i.day !== 6)
        .map((i) => (i.day === 1 ? { ...i, close: '12:00' } : i))
        .concat([{ day: 1, open: '13:00', close: '18:00' }]),
      holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
    };
    const before = { ...DEFAULT_WORKING_HOURS, holidays: [{ date: '2026-01-01', name: '' }] };
    expect(
      describeSettingsChange(
        { targetId: 'settings', before: { hours: before }, after: { hours: after } },
        i18n,
      ),
    ).toEqual([
      {
        section: 'Working hours',
        lines: [
          'Time zone: Europe/London → Europe/Dublin',
          'Monday: 09:00–17:30 → 09:00–12:00, 13:00–18:00',
          'Saturday: 10:00–14:00 → Closed',
          'Holiday added: 2026-12-25 (Christmas Day)',
          'Holiday removed: 2026-01-01',
        ],
      },
    ]);
  });

  it('lists several groups of one save, and only those that changed', () => {
    const changes = describeSettingsChange(
      {
        targetId: 'settings',
        before: { seller, support: { supportEmail: 'a@x.com' }, pricing: { defaultPerCreditPrice: 60 } },
        after: {
          seller: { ...seller, vatId: 'GB2' },
          support: { supportEmail: 'b@x.com' },
          pricing: { defaultPerCreditPrice: 60 },
        },
      },
      i18n,
    );
    expect(changes.map((c) => c.section)).toEqual(['Seller', 'Support']);
  });

  it('says so when a save changed nothing, and copes with unknown shapes', () => {
    expect(describeSettingsChange({ targetId: 'seller', before: seller, after: seller }, i18n)).toEqual([
      { section: 'Seller', lines: ['Saved without changes'] },
    ]);
    expect(describeSettingsChange({ targetId: 'x', before: { a: 1 }, after: { a: 2 } }, i18n)).toEqual([
      { section: 'Settings', lines: ['a: “1” → “2”'] },
    ]);
  });
});

describe('actorName', () => {
  it('names the admin with their address', () => {
    expect(
      actorName({ actor: { _id: '1', firstName: 'Jane', lastName: 'Admin', email: 'jane@x.com' } }, i18n),
    ).toBe('Jane Admin (jane@x.com)');
    expect(actorName({ actor: { _id: '1', firstName: '', lastName: '', email: 'jane@x.com' } }, i18n)).toBe(
      'jane@x.com',
    );
    expect(actorName({ actor: null }, i18n)).toBe('The system');
  });
});
