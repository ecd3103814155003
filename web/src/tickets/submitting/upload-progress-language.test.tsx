// @vitest-environment happy-dom

import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { type LocalFile, localDb, type OutboxCommand } from '../../local/db';
import { A_CLIENT_ID, A_VEHICLE, aLocalTicketFile } from '../../test/outbox';
import { renderWithProviders } from '../../test/render';
import { screen, within } from '../../test/rtl';
import { CREATE_TICKET_KIND, CREATE_TICKET_PATH } from './ticket-outbox';
import { QueuedTickets } from './upload-progress';

const MB = 1024 * 1024;

afterEach(async () => {
  await localDb.outbox.clear();
  await localDb.localFiles.clear();
});

async function aQueuedTicket(files: [string, Partial<LocalFile>][], command: Partial<OutboxCommand> = {}) {
  for (const [id, extra] of files)
    await aLocalTicketFile(localDb, id, id === 'ecu' ? 'ecu' : 'common', extra);
  await localDb.outbox.add({
    idempotencyKey: A_CLIENT_ID,
    kind: CREATE_TICKET_KIND,
    method: 'POST',
    path: CREATE_TICKET_PATH,
    body: { ...A_VEHICLE, localFileIds: files.map(([id]) => id) },
    status: 'pending',
    attempts: 0,
    createdAt: Date.now(),
    ...command,
  });
}

describe('tickets waiting to be sent, in German', () => {
  it('names the states, the buttons and the known errors in German, the sizes with German decimals', async () => {
    await activateLocale('de');
    await aQueuedTicket(
      [
        ['ecu', { size: 1.5 * MB, bytesUploaded: 0.75 * MB, status: 'paused' }],
        ['log', { status: 'failed', error: 'The file is empty.' }],
      ],
      { status: 'failed', error: 'Failed to create Ecu file' },
    );
    renderWithProviders(<QueuedTickets />);

    expect(await screen.findByRole('region', { name: 'Wartet auf Versand' })).toBeTruthy();
    const card = screen.getByTestId('queued-ticket');
    expect(within(card).getAllByText('Fehlgeschlagen').length).toBeGreaterThan(0);
    expect(within(card).getByText('Pausiert')).toBeTruthy();
    expect(within(card).getByText('Die Datei ist leer.')).toBeTruthy();
    expect(within(card).getByText('ECU-Datei konnte nicht erstellt werden')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'ecu.bin fortsetzen' })).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Upload von ecu.bin' })).toBeTruthy();
    expect(card.textContent).toMatch(/768,0\skB \/ 1,50\sMB/);
  });
});

describe('tickets waiting to be sent, in Arabic', () => {
  it('keep the vehicle, the registration and the file names as written', async () => {
    await activateLocale('ar');
    await aQueuedTicket([['ecu', { size: 2 * MB, bytesUploaded: 0 }]]);
    renderWithProviders(<QueuedTickets />);

    expect(await screen.findByRole('region', { name: 'بانتظار الإرسال' })).toBeTruthy();
    const card = screen.getByTestId('queued-ticket');
    expect(card.textContent).toContain('BMW 320d 2018');
    expect(card.textContent).toContain('AB12 CDE');
    expect(within(card).getByText('ecu.bin')).toBeTruthy();
  });
});
