import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { badgeSpoken, badgeText, customerName, previewText, unreadText } from './inbox-format';

describe('support inbox wording', () => {
  it('shows the badge figure, capped at 99+, and nothing for none', () => {
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-2)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeSpoken(1, i18n)).toBe('1 ticket waiting');
    expect(badgeSpoken(4, i18n)).toBe('4 tickets waiting');
  });

  it('puts the last message on one line and cuts it with an ellipsis', () => {
    expect(previewText('  Is it\nready?  ')).toBe('Is it ready?');
    const long = `${'word '.repeat(30)}end`;
    const cut = previewText(long, 20);
    expect(cut.endsWith('…')).toBe(true);
    expect(Array.from(cut).length).toBeLessThanOrEqual(21);
    expect(previewText('😀'.repeat(5), 3)).toBe('😀😀😀…');
  });

  it('names the customer and counts the messages', () => {
    expect(customerName({ customer: { id: 'u', firstName: 'Ann', lastName: 'Lee', email: 'a@b.c' } })).toBe(
      'Ann Lee',
    );
    expect(customerName({ customer: { id: 'u', firstName: '', lastName: '', email: 'a@b.c' } })).toBe('');
    expect(unreadText(1, i18n)).toBe('1 message');
    expect(unreadText(3, i18n)).toBe('3 messages');
  });
});
