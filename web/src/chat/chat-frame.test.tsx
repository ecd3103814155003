// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { render, screen } from '../test/rtl';
import { ChatFrame } from './chat-frame';

describe("the chat's header on the desk", () => {
  it('says which language the customer speaks, so support answers in it', () => {
    render(
      <ChatFrame variant="admin" partner="Anna Weber" partnerLanguage="de">
        <p>messages</p>
      </ChatFrame>,
    );
    const language = screen.getByTestId('chat-partner-language');
    expect(language.textContent).toBe('Speaks Deutsch (German)');
    expect(screen.getByText('Deutsch').getAttribute('lang')).toBe('de');
  });

  it('says nothing of a language it was not given (the customer’s own chat)', () => {
    render(
      <ChatFrame variant="user" partner="Support">
        <p>messages</p>
      </ChatFrame>,
    );
    expect(screen.queryByTestId('chat-partner-language')).toBeNull();
  });
});
