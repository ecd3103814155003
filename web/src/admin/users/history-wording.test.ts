import { describe, expect, it } from 'vitest';
import { actorText, auditActionText, auditChanges, ledgerKindText, signedDelta } from './history-wording';

describe('ledger wording', () => {
  it.each([
    ['purchase', 'Purchase'],
    ['admin_adjustment', 'Adjusted by an admin'],
    ['admin_reset', 'Reset by an admin'],
    ['download_charge', 'Tuned file download'],
    ['refund', 'Refund'],
    ['goodwill_bonus', 'Goodwill bonus'],
  ])('%s reads %j', (kind, text) => {
    expect(ledgerKindText(kind)).toBe(text);
  });

  it('signs the change and names the actor or the system', () => {
    expect(signedDelta(5)).toBe('+5');
    expect(signedDelta(-1)).toBe('-1');
    expect(signedDelta(0)).toBe('0');
    expect(actorText({ _id: 'a', firstName: 'Ada', lastName: 'Admin', email: 'ada@x.com' })).toBe(
      'Ada Admin',
    );
    expect(actorText({ _id: 'a', firstName: '', lastName: '', email: 'ada@x.com' })).toBe('ada@x.com');
    expect(actorText(null)).toBe('System');
  });
});

describe('audit wording', () => {
  it.each([
    ['user.role', 'Changed the role'],
    ['user.disable', 'Disabled the account'],
    ['user.activate', 'Activated the account'],
    ['user.delete', 'Deleted the account'],
    ['user.price', 'Changed the credit price'],
    ['user.credits', 'Adjusted the credits'],
    ['user.resend_verification', 'Resent the verification e-mail'],
    ['ticket.status', 'Ticket status'],
  ])('%s reads %j', (action, text) => {
    expect(auditActionText(action)).toBe(text);
  });

  it.each([
    [{ role: 'user' }, { role: 'admin' }, ['Role: user → admin']],
    [{ disabled: false }, { disabled: true }, ['Status: active → disabled']],
    [{ perCreditPrice: 60 }, { perCreditPrice: 45 }, ['Credit price: £60.00 → £45.00']],
    [{ perCreditPricePence: 6000 }, { perCreditPricePence: 4550 }, ['Credit price: £60.00 → £45.50']],
    [
      { credits: 0 },
      { credits: 5, delta: 5, note: 'Goodwill for a slow file' },
      ['Credits: 0 CRD → 5 CRD', 'Change: +5', 'Reason: Goodwill for a slow file'],
    ],
    [{ verified: false }, { verified: true }, ['E-mail: not verified → verified']],
    [
      { country: 'GB', city: 'Leeds' },
      { country: 'DE', city: 'Leeds' },
      ['Country: United Kingdom → Germany'],
    ],
    [
      { deleted: false, role: 'user', disabled: false, verified: true, credits: 3 },
      { deleted: true },
      ['Deleted: no → yes', 'Role was user', 'Status was active', 'E-mail was verified', 'Credits was 3 CRD'],
    ],
    [
      { verified: false },
      { verificationSent: true },
      ['E-mail was not verified', 'Verification e-mail: sent'],
    ],
    [null, { someFlag: true }, ['Some flag: yes']],
    [null, null, []],
  ])('%j → %j reads %j', (before, after, lines) => {
    expect(auditChanges({ before, after })).toEqual(lines);
  });
});
