// @vitest-environment happy-dom
import type { CannedReplyDto } from '@ecu/shared/chat/canned-replies';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen, within } from '../../test/rtl';
import { CannedRepliesSection } from './canned-replies-section';
import { placeholderValuesOf } from './replies-api';

const reply = (id: string, title: string, body: string): CannedReplyDto => ({
  id,
  title,
  body,
  locale: null,
  updatedAt: '2026-12-02T10:00:00.000Z',
});

/** The staff's canned replies on the Inbox page (docs/decisions/088-canned-replies.md). */
describe('the canned replies section', () => {
  it('adds a reply, checking it first with the shared schema', async () => {
    const api = mockApi();
    let list: CannedReplyDto[] = [];
    api.on('GET', '/admin/canned-replies', () => ok(list));
    api.on('POST', '/admin/canned-replies', (req) => {
      const added = reply('n1', (req.body as CannedReplyDto).title, (req.body as CannedReplyDto).body);
      list = [added];
      return { status: 201, body: { success: true, message: 'Canned reply added', data: added } };
    });
    const { user } = renderWithProviders(<CannedRepliesSection online />);
    expect(await screen.findByText('No canned replies yet.')).toBeTruthy();

    await user.type(screen.getByLabelText('Title'), 'Greeting');
    await user.type(screen.getByLabelText('Reply'), 'Hi {{name}');
    await user.click(screen.getByRole('button', { name: 'Add reply' }));
    const body = screen.getByLabelText('Reply');
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Unknown placeholder \{name\}: use \{customerName\}/)).toBeTruthy();
    expect(api.calls('POST', '/admin/canned-replies')).toHaveLength(0);

    await user.clear(body);
    await user.type(body, 'Hi {{firstName}');
    await user.click(screen.getByRole('button', { name: 'Add reply' }));
    expect(await screen.findByRole('heading', { name: 'Greeting' })).toBeTruthy();
    expect(api.calls('POST', '/admin/canned-replies')[0]?.body).toEqual({
      title: 'Greeting',
      body: 'Hi {firstName}',
    });
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('edits a reply and shows the server refusal when there is one', async () => {
    const api = mockApi();
    api.on('GET', '/admin/canned-replies', ok([reply('r1', 'Ready', 'Your file is ready.')]));
    api.on('PUT', '/admin/canned-replies/:id', fail(404, 'No such canned reply'));
    const { user } = renderWithProviders(<CannedRepliesSection online />);
    await user.click(await screen.findByRole('button', { name: 'Edit Ready' }));
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Ready');
    await user.clear(title);
    await user.type(title, 'File ready');
    await user.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('No such canned reply')).toBeTruthy();
    expect(api.calls('PUT', '/admin/canned-replies/r1')[0]?.body).toEqual({
      title: 'File ready',
      body: 'Your file is ready.',
    });
  });

  it('deletes a reply after asking', async () => {
    const api = mockApi();
    let list = [reply('r1', 'Ready', 'Your file is ready.'), reply('r2', 'Refund', 'Refunded.')];
    api.on('GET', '/admin/canned-replies', () => ok(list));
    api.on('DELETE', '/admin/canned-replies/:id', (req) => {
      list = list.filter((r) => r.id !== req.params.id);
      return ok({ id: req.params.id }, { message: 'Canned reply deleted' });
    });
    const { user } = renderWithProviders(<CannedRepliesSection online />);
    await user.click(await screen.findByRole('button', { name: 'Delete Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this canned reply?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Canned reply deleted')).toBeTruthy();
    expect(api.calls('DELETE', '/admin/canned-replies/r2')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeTruthy();
  });
});

describe('placeholderValuesOf', () => {
  const base = { ticketNumber: 100042, make: 'Audi', model: 'A4', year: '2017' };
  it.each([
    [
      {
        ...base,
        userId: { _id: 'u', firstName: 'Anna', lastName: 'Weber', email: 'a@x', locale: 'de' as const },
      },
      { customerName: 'Anna Weber', firstName: 'Anna', ticketNumber: 100042, vehicle: 'Audi A4 2017' },
    ],
    [
      {
        ...base,
        make: ' ',
        model: '',
        year: '',
        userId: { _id: 'u', firstName: '', lastName: '', email: 'a@x', locale: 'en' as const },
      },
      { customerName: null, firstName: null, ticketNumber: 100042, vehicle: null },
    ],
    [{ ...base }, { customerName: null, firstName: null, ticketNumber: 100042, vehicle: 'Audi A4 2017' }],
  ])('%j', (ticket, values) => {
    expect(placeholderValuesOf(ticket)).toEqual(values);
  });
});
