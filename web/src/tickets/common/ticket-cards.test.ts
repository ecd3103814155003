import { formatFileSize } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import type { StoredFile, TicketView } from './api';
import { formatPrice, previewNotes, ticketFiles, vehicleName } from './ticket-cards';

describe('previewNotes (100 characters, then an ellipsis)', () => {
  it('keeps notes of up to 100 characters whole', () => {
    const notes = 'a'.repeat(100);
    expect(previewNotes(notes)).toEqual({ text: notes, truncated: false });
  });
  it('cuts longer notes at 100 characters with an ellipsis', () => {
    const preview = previewNotes('b'.repeat(101));
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(`${'b'.repeat(100)}…`);
  });
  it('does not leave a trailing space before the ellipsis', () => {
    expect(previewNotes(`${'c'.repeat(99)} and more`).text).toBe(`${'c'.repeat(99)}…`);
  });
  it('counts characters, not UTF-16 units', () => {
    const notes = '🚗'.repeat(100);
    expect(previewNotes(notes).truncated).toBe(false);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [2048, '2.0 KB'],
    [1536 * 1024, '1.50 MB'],
    [20 * 1024 * 1024, '20.00 MB'],
    [Number.NaN, 'N/A'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('formatPrice (the price cell)', () => {
  it.each([
    [3, '3.00 CRD'],
    [0, '0.00 CRD'],
    [undefined, '0.00 CRD'],
  ])('%s is %s', (credits, text) => {
    expect(formatPrice(credits)).toBe(text);
  });
});

const file = (id: string): StoredFile => ({
  id,
  name: `${id}.bin`,
  size: 10,
  sha256: 'f'.repeat(64),
  url: `/api/files/${id}`,
});
const ticket = (extra: Partial<TicketView> = {}) =>
  ({
    make: 'BMW',
    model: '320d',
    year: '2019',
    ecuFile: file('ecu'),
    commonFiles: [file('c1'), file('c2')],
    ecuTunedFile: file('tuned'),
    ...extra,
  }) as TicketView;

describe('ticketFiles', () => {
  it('lists the original, then the additional files, each downloadable', () => {
    const entries = ticketFiles(ticket());
    expect(entries.map((e) => e.label)).toEqual(['ECU file', 'Additional file 1', 'Additional file 2']);
    expect(entries.every((e) => e.downloadable)).toBe(true);
  });
  it('leaves the tuned file out (Download for the customer, File Status for the admin)', () => {
    expect(ticketFiles(ticket()).map((e) => e.file.id)).not.toContain('tuned');
  });
  it('names a single additional file without a number', () => {
    expect(ticketFiles(ticket({ commonFiles: [file('c1')] })).map((e) => e.label)).toEqual([
      'ECU file',
      'Additional file',
    ]);
  });
});

describe('vehicleName', () => {
  it('joins make, model and year', () => {
    expect(vehicleName({ make: 'BMW', model: '320d', year: '2019' })).toBe('BMW 320d 2019');
  });
  it('skips empty parts', () => {
    expect(vehicleName({ make: 'Ford', model: '', year: '2020' })).toBe('Ford 2020');
    expect(vehicleName({ make: '', model: '', year: '' })).toBe('Unknown vehicle');
  });
});
