import { describe, expect, it } from 'vitest';
import type { TicketView } from '../common/api';
import { canRequestChange, changeQuote, changeRequestBody, initialChange } from './change-request';
import { chainLinks } from './revision-chain';

const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
const tuned = { id: 'f', name: 'tuned.bin', size: 1, sha256: 'x', url: '/api/files/f' };

describe('canRequestChange', () => {
  it.each([
    ['Completed', tuned, true],
    ['Unlocked', tuned, true],
    ['Unlocked', null, false],
    ['Pending', tuned, false],
    ['Failed', tuned, false],
  ] as const)('%s with tuned file %j -> %s', (status, ecuTunedFile, expected) => {
    expect(canRequestChange({ status, ecuTunedFile })).toBe(expected);
  });
});

describe('initialChange', () => {
  it('starts from the ticket’s own plan, without its notes', () => {
    expect(initialChange({ stage: 'Stage 1', options: ['EGR OFF'], masterSlave: 'Slave' })).toEqual({
      stage: 'Stage 1',
      options: ['EGR OFF'],
      notes: '',
      masterSlave: 'Slave',
    });
  });
  it('drops an unknown stage and Master/Slave, and options of a stage without options', () => {
    expect(initialChange({ stage: 'Stage 9', options: ['EGR OFF'], masterSlave: null })).toEqual({
      stage: '',
      options: [],
      notes: '',
      masterSlave: 'Master',
    });
    expect(initialChange({ stage: 'Gear Box', options: ['EGR OFF'], masterSlave: 'Master' }).options).toEqual(
      [],
    );
  });
});

describe('changeQuote', () => {
  const values = { stage: 'Eco' as const, options: ['DTC OFF'], notes: '', masterSlave: 'Slave' as const };
  it.each([
    [3, 'Slave', 1],
    [3, 'Master', 2],
    [22, 'Slave', 3],
    [22, 'Master', 3],
  ] as const)('parent %d days old, %s -> %d credits', (days, masterSlave, total) => {
    expect(
      changeQuote({ make: 'Ford', createdAt: daysAgo(days) }, { ...values, masterSlave }, NOW)?.total,
    ).toBe(total);
  });
  it('has no price until a stage is chosen, and ignores options of a stage without options', () => {
    const parent = { make: 'Ford', createdAt: daysAgo(1) };
    expect(changeQuote(parent, { ...values, stage: '' }, NOW)).toBeNull();
    expect(changeQuote(parent, { ...values, stage: 'Gear Box', masterSlave: 'Master' }, NOW)?.total).toBe(1);
  });
});

describe('changeRequestBody', () => {
  it('names the parent and the clientId, trims the notes, clears options of a stage without options', () => {
    expect(
      changeRequestBody(
        100123,
        { stage: 'ECU Cloning', options: ['DTC OFF'], notes: '  more  ', masterSlave: 'Master' },
        'c-1',
      ),
    ).toEqual({
      parentTicketNumber: 100123,
      clientId: 'c-1',
      stage: 'ECU Cloning',
      options: [],
      // No codes named: a revision keeping DTC OFF carries its parent's over (the server does).
      dtcCodes: [],
      notes: 'more',
      masterSlave: 'Master',
    });
  });
});

describe('chainLinks', () => {
  const path = (n: number) => `/ticket-details/${n}`;
  it('links the parent and each revision with its status (unknown shows Pending)', () => {
    const ticket: Pick<TicketView, 'revisionOf' | 'revisions'> = {
      revisionOf: { ticketNumber: 100123 },
      revisions: [
        { ticketNumber: 100130, status: 'Completed', createdAt: daysAgo(1) },
        { ticketNumber: 100131, status: 'weird', createdAt: daysAgo(0) },
      ],
    };
    expect(chainLinks(ticket, path)).toEqual({
      revisionOf: { ticketNumber: 100123, label: '#100123', to: '/ticket-details/100123' },
      revisions: [
        { ticketNumber: 100130, label: '#100130 (Completed)', to: '/ticket-details/100130' },
        { ticketNumber: 100131, label: '#100131 (Pending)', to: '/ticket-details/100131' },
      ],
    });
  });
  it('is empty for a ticket outside a chain or without the details fields', () => {
    expect(chainLinks({}, path)).toEqual({ revisionOf: null, revisions: [] });
  });
});
