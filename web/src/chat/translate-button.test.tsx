// @vitest-environment happy-dom

import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../local/db';
import { deferred, fail, mockApi, ok } from '../test/api-mock';
import { cachePublicConfig, resetDevice } from '../test/customer';
import { render, screen, waitFor, within } from '../test/rtl';
import { MessageList } from './message-list';
import { forgetTranslations } from './use-translation';
import type { ChatView, MessageView } from './view-model';

/** Chat translation (docs/decisions/095-chat-translation.md): the button under the other party's messages. */

const message = (over: Partial<MessageView>): MessageView => ({
  key: `k-${over.index}`,
  index: 0,
  text: '',
  time: Date.UTC(2025, 0, 6, 9, 30),
  clock: '09:30',
  mine: false,
  sender: 'Sam Support',
  attachments: [],
  delivery: null,
  ...over,
});

const view: ChatView = {
  count: 2,
  unreadIndex: -1,
  days: [
    {
      day: '6 January 2025',
      messages: [
        message({ index: 0, text: 'Is the DPF off too?', mine: true, sender: 'You', delivery: 'read' }),
        message({ index: 1, text: 'Ja, Stage 1 mit DPF aus.' }),
      ],
    },
  ],
};

async function translationIs(on: boolean) {
  await cachePublicConfig();
  const row = await localDb.meta.get('publicConfig');
  await localDb.meta.put({ key: 'publicConfig', value: { ...(row!.value as object), chatTranslation: on } });
}

function renderChat() {
  render(<MessageList view={view} ticketNumber={100501} emptyText="No messages yet." />);
  const [mine, theirs] = screen.getAllByTestId('chat-message');
  return { mine: mine!, theirs: theirs! };
}

beforeEach(async () => {
  await resetDevice();
  forgetTranslations();
});

describe('chat translation', () => {
  it('shows no Translate button when the server has no translation', async () => {
    const api = mockApi();
    api.on('GET', '/public-config', () => ok({ chatTranslation: false }));
    await translationIs(false);
    renderChat();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
    expect(screen.getByText('Ja, Stage 1 mit DPF aus.')).toBeTruthy();
  });

  it("translates the other party's message on a tap, marked as machine-translated, the original one tap away", async () => {
    const api = mockApi();
    const reply = deferred();
    api.on('POST', '/chat/translate', () => reply.promise);
    await translationIs(true);
    const { mine, theirs } = renderChat();
    const button = await within(theirs).findByRole('button', { name: 'Translate' });
    expect(within(mine).queryByRole('button', { name: 'Translate' })).toBeNull();

    const user = userEvent.setup();
    await user.click(button);
    expect(within(theirs).getByRole('button', { name: 'Translating…' })).toHaveProperty('disabled', true);
    expect(api.calls('POST', '/chat/translate')[0]?.body).toEqual({
      ticketNumber: 100501,
      text: 'Ja, Stage 1 mit DPF aus.',
      target: 'en',
    });
    reply.resolve(ok({ text: 'Yes, Stage 1 with the DPF off.', target: 'en' }));
    expect(await within(theirs).findByText('Yes, Stage 1 with the DPF off.')).toBeTruthy();
    expect(within(theirs).getByText('Machine-translated')).toBeTruthy();
    expect(within(theirs).queryByText('Ja, Stage 1 mit DPF aus.')).toBeNull();

    await user.click(within(theirs).getByRole('button', { name: 'Show original' }));
    expect(within(theirs).getByText('Ja, Stage 1 mit DPF aus.')).toBeTruthy();
    expect(within(theirs).queryByText('Machine-translated')).toBeNull();

    // Translated again from memory: the server is not asked twice.
    await user.click(within(theirs).getByRole('button', { name: 'Translate' }));
    expect(await within(theirs).findByText('Yes, Stage 1 with the DPF off.')).toBeTruthy();
    expect(api.calls('POST', '/chat/translate')).toHaveLength(1);
  });

  it('says so when the translation fails, and lets the reader try again', async () => {
    const api = mockApi();
    api.on('POST', '/chat/translate', fail(503, 'The translation service is unavailable.'));
    await translationIs(true);
    const { theirs } = renderChat();
    const user = userEvent.setup();
    await user.click(await within(theirs).findByRole('button', { name: 'Translate' }));
    expect((await within(theirs).findByRole('alert')).textContent).toBe(
      'The message could not be translated. Please try again.',
    );
    api.on('POST', '/chat/translate', ok({ text: 'Yes.', target: 'en' }));
    await user.click(within(theirs).getByRole('button', { name: 'Translate' }));
    await waitFor(() => expect(within(theirs).getByText('Yes.')).toBeTruthy());
    expect(within(theirs).queryByRole('alert')).toBeNull();
  });
});
