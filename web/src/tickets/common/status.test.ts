import { describe, expect, it } from 'vitest';
import {
  autoDeliveryOf,
  BANNER_TEXT,
  bannerFor,
  formatTook,
  historyLine,
  statusTone,
  ticketStatus,
} from './status';

describe('ticketStatus', () => {
  it.each([
    ['Pending', 'Pending'],
    ['In Progress', 'In Progress'],
    ['Completed', 'Completed'],
    ['Failed', 'Failed'],
    ['Unlocked', 'Unlocked'],
    ['in progress', 'Pending'],
    ['Queued', 'Pending'],
    ['', 'Pending'],
    [undefined, 'Pending'],
    [null, 'Pending'],
  ])('%s shows as %s', (raw, shown) => {
    expect(ticketStatus(raw)).toBe(shown);
  });
});

describe('statusTone (the status colours of docs/product.md)', () => {
  it.each([
    ['Completed', 'green'],
    ['Failed', 'red'],
    ['In Progress', 'blue'],
    ['Unlocked', 'purple'],
    ['Pending', 'yellow'],
    ['Something else', 'yellow'],
    [undefined, 'yellow'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('bannerFor (the customer banner texts of docs/product.md)', () => {
  it.each([
    ['Pending', 'Your file request is pending and will be processed soon.'],
    ['In Progress', 'Your file is currently being tuned.'],
    ['Completed', 'File tuning has been completed successfully. Wait for the file to be available.'],
    ['Failed', 'Something went wrong while tuning the file. Please check again later.'],
    ['Unlocked', 'Click below to download your tuned file.'],
    [undefined, 'Your file request is pending and will be processed soon.'],
  ])('%s: %s', (status, text) => {
    expect(bannerFor({ status, ecuTunedFile: null }).text).toBe(text);
  });

  it('offers Download only when Unlocked with a tuned file', () => {
    const tuned = { id: 'f', name: 'x.bin', size: 1, sha256: 'a', url: '/api/files/f' };
    expect(bannerFor({ status: 'Unlocked', ecuTunedFile: tuned }).action).toBe('download');
    expect(bannerFor({ status: 'Unlocked', ecuTunedFile: null }).action).toBe('unavailable');
    for (const status of ['Pending', 'In Progress', 'Completed', 'Failed']) {
      expect(bannerFor({ status, ecuTunedFile: tuned }).action).toBeNull();
    }
  });

  it('has a text for every status', () => {
    expect(Object.keys(BANNER_TEXT).sort()).toEqual(
      ['Completed', 'Failed', 'In Progress', 'Pending', 'Unlocked'].sort(),
    );
  });
});

describe('historyLine', () => {
  const size = (b: number) => `${b} bytes`;
  it.each([
    [
      { kind: 'created', by: 'Ann Lee', detail: { creditsNeed: 3 } },
      { title: 'Ticket submitted', meta: 'by Ann Lee · price 3 CRD', tone: 'neutral' },
    ],
    [
      { kind: 'status_changed', by: 'Sam Admin (admin)', detail: { from: 'Pending', to: 'Unlocked' } },
      { title: 'Status changed from Pending to Unlocked', meta: 'by Sam Admin (admin)', tone: 'purple' },
    ],
    [
      { kind: 'status_changed', by: null, detail: { to: 'Failed' } },
      { title: 'Status set to Failed', meta: null, tone: 'red' },
    ],
    [
      { kind: 'file_uploaded', by: 'Sam (admin)', detail: { kind: 'tuned', name: 'tuned.bin', size: 42 } },
      { title: 'Tuned file uploaded: tuned.bin', meta: 'by Sam (admin) · 42 bytes', tone: 'purple' },
    ],
    [
      { kind: 'charged', by: 'Ann Lee', detail: { credits: 3 } },
      { title: 'Charged 3 CRD for the tuned file', meta: 'by Ann Lee', tone: 'neutral' },
    ],
    [
      { kind: 'refunded', by: 'Sam (admin)', detail: { credits: 3 } },
      { title: 'Refunded 3 CRD', meta: 'by Sam (admin)', tone: 'green' },
    ],
    [
      { kind: 'dtc_code', by: 'Eve Engineer (engineer)', detail: { code: 'P0420', removed: true } },
      { title: 'Fault code P0420 removed', meta: 'by Eve Engineer (engineer)', tone: 'green' },
    ],
    [
      { kind: 'dtc_code', by: null, detail: { code: 'P0420', removed: false } },
      { title: 'Fault code P0420 to remove again', meta: null, tone: 'neutral' },
    ],
    [
      {
        kind: 'auto_delivered',
        by: null,
        detail: {
          message: 'Delivered automatically from solution #4',
          tookSeconds: 130,
          checksumNote: 'Fix it',
        },
      },
      { title: 'Delivered automatically from solution #4', meta: 'in 2 min · Fix it', tone: 'purple' },
    ],
    [
      { kind: 'auto_delivered', by: null, detail: {} },
      { title: 'Delivered automatically', meta: null, tone: 'purple' },
    ],
    [
      {
        kind: 'assigned',
        by: 'Sam (admin)',
        detail: { to: { id: 'e1', name: 'Eve Engineer' }, from: { id: 'e2', name: 'Bo' }, how: 'desk' },
      },
      { title: 'Assigned to Eve Engineer', meta: 'by Sam (admin) · was Bo', tone: 'neutral' },
    ],
    [
      { kind: 'assigned', by: null, detail: { to: { id: 'e1', name: 'Eve' }, from: null, how: 'automatic' } },
      { title: 'Assigned to Eve', meta: 'automatically', tone: 'neutral' },
    ],
    [
      { kind: 'assigned', by: 'Eve (engineer)', detail: { to: null, from: { id: 'e1', name: 'Eve' } } },
      { title: 'Unassigned from Eve', meta: 'by Eve (engineer)', tone: 'neutral' },
    ],
    [
      {
        kind: 'counter_offer_proposed',
        by: 'Eve (engineer)',
        detail: { stage: 'Stage 2', options: ['EGR OFF', 'DTC OFF'], priceDifference: 1 },
      },
      {
        title: 'Different plan proposed: Stage 2: EGR OFF, DTC OFF',
        meta: 'by Eve (engineer) · +1 credit',
        tone: 'neutral',
      },
    ],
    [
      {
        kind: 'counter_offer_accepted',
        by: 'Tom Tuner',
        detail: {
          from: { stage: 'Stage 1', options: [], creditsNeed: 2 },
          to: { stage: 'Gear Box', options: [], creditsNeed: 1 },
        },
      },
      { title: 'Proposed plan accepted: Gear Box', meta: 'by Tom Tuner · price 1 CRD', tone: 'green' },
    ],
    [
      { kind: 'counter_offer_declined', by: 'Tom Tuner', detail: { stage: 'Eco', options: ['EGR OFF'] } },
      { title: 'Proposed plan declined: Eco: EGR OFF', meta: 'by Tom Tuner', tone: 'neutral' },
    ],
    [
      { kind: 'note_added', by: null, detail: {} },
      { title: 'Note added', meta: null, tone: 'neutral' },
    ],
  ])('%o', (event, line) => {
    expect(historyLine(event, size)).toEqual(line);
  });
});

describe('formatTook', () => {
  it.each([
    [0, '0 s'],
    [42.4, '42 s'],
    [59, '59 s'],
    [60, '1 min'],
    [3599, '1 h'],
    [3600, '1 h'],
    [7500, '2 h 5 min'],
  ])('%d seconds: %s', (seconds, text) => {
    expect(formatTook(seconds)).toBe(text);
  });
});

describe('autoDeliveryOf', () => {
  const created = { kind: 'created', detail: {} };
  it.each([
    [undefined, null],
    [[created], null],
    [
      [created, { kind: 'auto_delivered', detail: { tookSeconds: 9 } }],
      { tookSeconds: 9, checksumNote: null },
    ],
    [
      [created, { kind: 'auto_delivered', detail: { tookSeconds: 'soon', checksumNote: 'Fix it' } }],
      { tookSeconds: null, checksumNote: 'Fix it' },
    ],
    [
      [
        { kind: 'auto_delivered', detail: { tookSeconds: 9 } },
        { kind: 'auto_delivered', detail: { tookSeconds: 3 } },
      ],
      { tookSeconds: 3, checksumNote: null },
    ],
  ])('%o', (history, expected) => {
    expect(autoDeliveryOf(history)).toEqual(expected);
  });
});
