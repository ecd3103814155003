// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalFile, localDb, type OutboxCommand } from '../../local/db';
import { setOnline } from '../../test/api-mock';
import { A_CLIENT_ID, A_VEHICLE, aLocalTicketFile } from '../../test/outbox';
import { findToast, renderWithProviders } from '../../test/render';
import { screen, waitFor, within } from '../../test/rtl';
import type { SendOutcome } from './queued-tickets';
import { CREATE_TICKET_KIND, CREATE_TICKET_PATH } from './ticket-outbox';
import { QueuedTickets } from './upload-progress';

/*
 * The outbox run itself is tested in ticket-outbox.test.ts: here "send now" is a stand-in the
 * test answers, and "this tab is sending the file" is said by the test. Pause, resume, retry
 * and discard change the rows in the local database for real.
 */
const sending = vi.hoisted(() => ({ active: new Set<string>(), outcome: null as unknown }));
vi.mock('./queued-tickets', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./queued-tickets')>()),
  sendCommand: vi.fn(async () => sending.outcome),
}));
vi.mock('./upload-queue', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./upload-queue')>()),
  isUploading: (id: string) => sending.active.has(id),
}));
const { sendCommand } = await import('./queued-tickets');

const MB = 1024 * 1024;

beforeEach(() => {
  sending.active.clear();
  sending.outcome = { kind: 'queued', waitingFor: 'network' } satisfies SendOutcome;
  vi.mocked(sendCommand).mockClear();
});
afterEach(async () => {
  await localDb.outbox.clear();
  await localDb.localFiles.clear();
});

async function aQueuedTicket(
  files: [id: string, extra: Partial<LocalFile>][],
  command: Partial<OutboxCommand> = {},
): Promise<number> {
  for (const [id, extra] of files)
    await aLocalTicketFile(localDb, id, id === 'ecu' ? 'ecu' : 'common', extra);
  return (await localDb.outbox.add({
    idempotencyKey: A_CLIENT_ID,
    kind: CREATE_TICKET_KIND,
    method: 'POST',
    path: CREATE_TICKET_PATH,
    body: { ...A_VEHICLE, localFileIds: files.map(([id]) => id) },
    status: 'pending',
    attempts: 0,
    createdAt: Date.now(),
    ...command,
  })) as number;
}

const ticket = () => screen.findByTestId('queued-ticket');
const fileRow = (name: string) => screen.getByRole('progressbar', { name: `${name} upload` }).closest('li')!;
const stored = async (id: string) => localDb.localFiles.get(id);

describe('tickets waiting to be sent', () => {
  it('shows nothing when no ticket waits', async () => {
    renderWithProviders(<QueuedTickets />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).toBeNull();
  });

  it('lists each waiting ticket with its vehicle, registration and each file’s progress', async () => {
    await aQueuedTicket([
      ['ecu', { size: 4 * MB, bytesUploaded: MB, status: 'queued' }],
      ['log', { size: 2 * MB, bytesUploaded: 0 }],
    ]);
    renderWithProviders(<QueuedTickets />);

    const card = await ticket();
    expect(screen.getByRole('region', { name: 'Waiting to be sent' })).toBeTruthy();
    expect(card.textContent).toContain('BMW 320d 2018');
    expect(card.textContent).toContain('AB12 CDE');
    expect(within(card).getByText('Uploading')).toBeTruthy();

    const bar = screen.getByRole('progressbar', { name: 'ecu.bin upload' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(fileRow('ecu.bin')).getByText('Waiting to resume')).toBeTruthy();
    expect(within(fileRow('log.bin')).getByText('Waiting')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'log.bin upload' }).getAttribute('aria-valuenow')).toBe(
      '0',
    );
  });

  it('shows a file this tab is sending as uploading, with its rate', async () => {
    sending.active.add('ecu');
    await aQueuedTicket([['ecu', { size: 1000, bytesUploaded: 500, status: 'uploading' }]]);
    renderWithProviders(<QueuedTickets />);
    await ticket();
    const row = fileRow('ecu.bin');
    expect(within(row).getByText('Uploading')).toBeTruthy();
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuetext')).toMatch(/^50% · /);
  });

  it('says a ticket waits for the network when the device is offline', async () => {
    setOnline(false);
    await aQueuedTicket([['ecu', {}]]);
    renderWithProviders(<QueuedTickets />);
    expect(within(await ticket()).getByText('Waiting for network')).toBeTruthy();
  });

  it('says a ticket whose files are all sent is being submitted', async () => {
    await aQueuedTicket([['ecu', { status: 'done', bytesUploaded: 17 }]]);
    renderWithProviders(<QueuedTickets />);
    const card = await ticket();
    expect(within(card).getByText('Submitting')).toBeTruthy();
    expect(within(fileRow('ecu.bin')).getByText('Uploaded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause ecu.bin' })).toBeNull();
  });

  it('pauses a file: stored as paused, shown as paused, with Resume offered', async () => {
    await aQueuedTicket([['ecu', { status: 'uploading', bytesUploaded: 5 }]]);
    const view = renderWithProviders(<QueuedTickets />);
    await ticket();

    await view.user.click(screen.getByRole('button', { name: 'Pause ecu.bin' }));

    expect((await stored('ecu'))?.status).toBe('paused');
    expect(await screen.findByRole('button', { name: 'Resume ecu.bin' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause ecu.bin' })).toBeNull();
    expect(within(await ticket()).getAllByText('Paused')).toHaveLength(2);
    expect(sendCommand).not.toHaveBeenCalled();
  });

  it('resumes a paused file and sends the ticket again at once', async () => {
    const id = await aQueuedTicket([['ecu', { status: 'paused', bytesUploaded: 5 }]]);
    const view = renderWithProviders(<QueuedTickets />);
    await ticket();

    await view.user.click(await screen.findByRole('button', { name: 'Resume ecu.bin' }));

    expect((await stored('ecu'))?.status).toBe('queued');
    await waitFor(() => expect(sendCommand).toHaveBeenCalledWith(id));
    expect(
      await findToast('Your file is queued and will be submitted when you are back online.'),
    ).toBeTruthy();
  });

  it.each([
    [{ kind: 'created', message: 'ECU file submitted successfully' }, 'ECU file submitted successfully'],
    [{ kind: 'failed', message: 'Invalid ECU file' }, 'Invalid ECU file'],
    [
      { kind: 'queued', waitingFor: 'server' },
      'Failed to create Ecu file. It is kept on this device and will be sent again automatically.',
    ],
  ] as [SendOutcome, string][])(
    'after a resume, tells what became of the ticket (%o)',
    async (outcome, text) => {
      sending.outcome = outcome;
      await aQueuedTicket([['ecu', { status: 'paused' }]]);
      const view = renderWithProviders(<QueuedTickets />);
      await view.user.click(await screen.findByRole('button', { name: 'Resume ecu.bin' }));
      expect(await findToast(text)).toBeTruthy();
    },
  );

  it('shows a refused file’s reason, and a refused ticket’s reason with Retry and Discard', async () => {
    await aQueuedTicket(
      [
        ['ecu', { status: 'failed', error: 'The file is empty.' }],
        ['log', { status: 'done' }],
      ],
      { status: 'failed', error: 'Not enough credits' },
    );
    renderWithProviders(<QueuedTickets />);
    const card = await ticket();
    expect(within(card).getAllByText('Failed')).toHaveLength(2);
    expect(within(fileRow('ecu.bin')).getByText('The file is empty.')).toBeTruthy();
    expect(within(card).getByText('Not enough credits')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause ecu.bin' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('retries a refused ticket: pending again, its refused file restarts, and it is sent', async () => {
    const id = await aQueuedTicket([['ecu', { status: 'failed', error: 'Upload refused' }]], {
      status: 'failed',
      error: 'Upload refused',
    });
    const view = renderWithProviders(<QueuedTickets />);
    await view.user.click(within(await ticket()).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(sendCommand).toHaveBeenCalledWith(id));
    const command = await localDb.outbox.get(id);
    expect([command?.status, command?.error]).toEqual(['pending', undefined]);
    const file = await stored('ecu');
    expect([file?.status, file?.error]).toEqual(['queued', undefined]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
  });

  it('discards a refused ticket and its files from this device', async () => {
    const id = await aQueuedTicket(
      [
        ['ecu', { status: 'failed' }],
        ['log', {}],
      ],
      { status: 'failed', error: 'Refused' },
    );
    const view = renderWithProviders(<QueuedTickets />);
    await view.user.click(within(await ticket()).getByRole('button', { name: 'Discard' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).toBeNull());
    expect(await localDb.outbox.get(id)).toBeUndefined();
    expect(await localDb.localFiles.count()).toBe(0);
    expect(sendCommand).not.toHaveBeenCalled();
  });

  it('names a ticket without vehicle details “ECU file”', async () => {
    await aQueuedTicket([['ecu', {}]]);
    await localDb.outbox.toCollection().modify((c) => {
      c.body = { registration: 'XY99 ZZZ', localFileIds: ['ecu'] };
    });
    renderWithProviders(<QueuedTickets />);
    const card = await ticket();
    expect(within(card).getByText('ECU file')).toBeTruthy();
    expect(card.textContent).toContain('XY99 ZZZ');
  });
});
