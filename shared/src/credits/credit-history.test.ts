import { describe, expect, it } from 'vitest';
import {
  type CreditReasonInput,
  creditHistoryQuerySchema,
  creditReason,
  ledgerTicketNumber,
} from './credit-history';

const reasons: [CreditReasonInput, string][] = [
  [{ kind: 'purchase', orderNo: 'SN-000123' }, 'Credits bought (order SN-000123)'],
  [{ kind: 'purchase', orderNo: null }, 'Credits bought'],
  [{ kind: 'download_charge', ticketNumber: 100123 }, 'Download of ticket #100123'],
  [{ kind: 'download_charge', ticketNumber: null }, 'Download of a tuned file'],
  [{ kind: 'refund', ticketNumber: 100123 }, 'Refund of ticket #100123'],
  [{ kind: 'refund' }, 'Refund'],
  // A ticket or order never leaks into the wording of a support change.
  [{ kind: 'admin_adjustment', ticketNumber: 100123, orderNo: 'SN-000001' }, 'Adjusted by support'],
  [{ kind: 'admin_reset' }, 'Balance reset by support'],
  [{ kind: 'something_new' }, 'Balance change'],
];

describe('creditReason', () => {
  it.each(reasons)('%o reads %s', (input, text) => {
    expect(creditReason(input)).toBe(text);
  });
});

describe('ledgerTicketNumber', () => {
  it.each([
    ['ticket:100123', 100123],
    ['ticket:1', 1],
    ['payment:5f0c6a8e-0000-4000-8000-000000000000', null],
    ['admin:user-1', null],
    ['ticket:', null],
    ['ticket:12a', null],
    ['xticket:100123', null],
    [null, null],
    [undefined, null],
  ] as const)('%s -> %s', (reference, number) => {
    expect(ledgerTicketNumber(reference)).toBe(number);
  });
});

describe('creditHistoryQuerySchema', () => {
  it('defaults to 20 rows and takes a cursor', () => {
    expect(creditHistoryQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(creditHistoryQuerySchema.parse({ limit: '5', cursor: ' 42 ' })).toEqual({
      limit: 5,
      cursor: '42',
    });
  });

  it.each([['0'], ['101'], ['2.5'], ['many']])('refuses limit=%s', (limit) => {
    expect(creditHistoryQuerySchema.safeParse({ limit }).success).toBe(false);
  });
});
