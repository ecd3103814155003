import { useLingui } from '@lingui/react/macro';
import './translate.css';
import { useChatTranslationOn, useTranslation } from './use-translation';
import type { MessageView } from './view-model';

/**
 * A message's text, and, when the server translates chat messages, for a message of the other
 * party a 'Translate' button: the translation replaces the text, marked as machine-translated,
 * with 'Show original' one tap away (docs/decisions/095-chat-translation.md).
 */
export function MessageText({ message, ticketNumber }: { message: MessageView; ticketNumber: number }) {
  const on = useChatTranslationOn();
  const offered = on && !message.mine && message.text.trim().length > 0;
  return offered ? (
    <TranslatableText message={message} ticketNumber={ticketNumber} />
  ) : (
    <p className="chat-text" dir="auto">
      {message.text}
    </p>
  );
}

function TranslatableText({ message, ticketNumber }: { message: MessageView; ticketNumber: number }) {
  const { t, i18n } = useLingui();
  const { state, translate, showOriginal } = useTranslation(ticketNumber, message.text, i18n.locale);
  const translated = state.status === 'translated';
  return (
    <>
      <p className="chat-text" dir="auto" lang={translated ? i18n.locale : undefined}>
        {translated ? state.text : message.text}
      </p>
      <span className="chat-translate">
        {translated ? (
          <>
            <span className="chat-translate-note">{t`Machine-translated`}</span>
            <button type="button" className="chat-translate-button" onClick={showOriginal}>
              {t`Show original`}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="chat-translate-button"
            onClick={translate}
            disabled={state.status === 'loading'}
            aria-busy={state.status === 'loading'}
          >
            {state.status === 'loading' ? t`Translating…` : t`Translate`}
          </button>
        )}
        {state.status === 'failed' && (
          <span className="chat-translate-error" role="alert">
            {t`The message could not be translated. Please try again.`}
          </span>
        )}
      </span>
    </>
  );
}
