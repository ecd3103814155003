// @vitest-environment happy-dom

import type { CannedReplyDto } from '@ecu/shared/chat/canned-replies';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '../test/rtl';
import { Composer } from './composer';
import type { ComposerReplies } from './slash-menu';

/** The staff composer's canned replies after a slash (docs/decisions/088-canned-replies.md). */

const reply = (id: string, title: string, body: string): CannedReplyDto => ({
  id,
  title,
  body,
  locale: null,
  updatedAt: '2026-12-02T10:00:00.000Z',
});

const REPLIES: ComposerReplies = {
  list: [
    reply('a', 'File ready', 'Hi {firstName}, the file for your {vehicle} (#{ticketNumber}) is ready.'),
    reply('b', 'Better read', 'Hello {customerName}, please send a full read.'),
    reply('c', 'Refund', 'We refunded the credits, {customerName}.'),
  ],
  values: { customerName: 'Anna Weber', firstName: 'Anna', ticketNumber: 100042, vehicle: null },
};

function setup(replies?: ComposerReplies) {
  const onSend = vi.fn((_text: string) => true);
  render(
    <Composer
      disabled={false}
      online
      onSend={onSend}
      onTyped={() => {}}
      onProblem={() => {}}
      replies={replies}
    />,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { onSend, box, user: userEvent.setup() };
}

const optionNames = () =>
  screen.getAllByRole('option').map((o) => o.querySelector('.chat-slash-title')?.textContent);
const active = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');

describe('the slash menu', () => {
  it('opens on a slash at the start, filters by what follows, and points the box at the highlighted reply', async () => {
    const { box, user } = setup(REPLIES);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, '/');
    const list = screen.getByRole('listbox', { name: 'Canned replies' });
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(optionNames()).toEqual(['Better read', 'File ready', 'Refund']);
    expect(active(box)?.getAttribute('aria-selected')).toBe('true');
    expect(active(box)?.textContent).toContain('Better read');

    await user.type(box, 're');
    expect(optionNames()).toEqual(['Refund', 'Better read', 'File ready']);
    await user.type(box, 'xyz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.getByText('No canned reply title holds "rexyz".')).toBeTruthy();
  });

  it('arrow keys move (and wrap), Enter inserts the filled reply instead of sending', async () => {
    const { box, user, onSend } = setup(REPLIES);
    await user.type(box, '/');
    await user.keyboard('{ArrowDown}');
    expect(active(box)?.textContent).toContain('File ready');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(active(box)?.textContent).toContain('Refund');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active(box)?.textContent).toContain('File ready');
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('Hi Anna, the file for your [vehicle] (#100042) is ready.');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hi Anna, the file for your [vehicle] (#100042) is ready.');
  });

  it('Escape closes it and keeps the text; it opens again once the slash is typed anew', async () => {
    const { box, user } = setup(REPLIES);
    await user.type(box, '/ref');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('/ref');
    await user.type(box, 'u');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(box);
    await user.type(box, '/');
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('a click on a reply inserts it', async () => {
    const { box, user } = setup(REPLIES);
    await user.type(box, '/');
    await user.click(screen.getByRole('option', { name: /Better read/ }));
    expect(box.value).toBe('Hello Anna Weber, please send a full read.');
  });

  it("offers the version in the customer's language of a reply kept in several, else the one for any", async () => {
    const versions: ComposerReplies = {
      ...REPLIES,
      list: [
        ...(REPLIES.list ?? []),
        { ...reply('a-de', 'File ready', 'Hallo {firstName}, Ihre Datei ist fertig.'), locale: 'de' },
        { ...reply('b-fr', 'Better read', 'Bonjour, envoyez une lecture complète.'), locale: 'fr' },
      ],
      locale: 'de',
    };
    const { box, user } = setup(versions);
    await user.type(box, '/');
    expect(optionNames()).toEqual(['Better read', 'File ready', 'Refund']);
    await user.click(screen.getByRole('option', { name: /File ready/ }));
    expect(box.value).toBe('Hallo Anna, Ihre Datei ist fertig.');
    await user.clear(box);
    await user.type(box, '/better');
    await user.click(screen.getByRole('option', { name: /Better read/ }));
    expect(box.value).toBe('Hello Anna Weber, please send a full read.');
  });

  it('only at the start of the message, on one line', async () => {
    const { box, user } = setup(REPLIES);
    await user.type(box, 'Hi /');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(box);
    await user.type(box, '/re{Shift>}{Enter}{/Shift}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says so while the list loads or when there is none', async () => {
    const { box, user } = setup({ list: undefined, values: {} });
    await user.type(box, '/');
    expect(screen.getByText('Loading canned replies…')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(box.value).toBe('');
  });

  it('says why when the list did not load', async () => {
    const { box, user } = setup({ list: undefined, problem: 'The canned replies did not load.', values: {} });
    await user.type(box, '/');
    expect(screen.getByText('The canned replies did not load.')).toBeTruthy();
  });

  it("a composer without replies (the customer's) never opens it", async () => {
    const { box, user, onSend } = setup();
    expect(box.getAttribute('aria-autocomplete')).toBeNull();
    await user.type(box, '/re');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('/re');
  });
});
