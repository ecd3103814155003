import { formatFileSize } from '@ecu/shared';
import { DEFAULT_LOCALE, type Locale } from '@ecu/shared/i18n/locales';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { useFormatLocale } from '../i18n';
import { attachmentUrl } from './attachments';
import { CheckIcon, ClockIcon, FileIcon } from './chat-icons';
import type { Delivery } from './delivery';
import { MessageText } from './translate-button';
import type { ChatView, DayView, MessageView } from './view-model';

/** A day's heading: English as shared words it ('05 March 2025'), another language in its own words. */
function dayHeading(day: DayView, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || day.time === undefined) return day.day;
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    ...(day.timeZone ? { timeZone: day.timeZone } : {}),
  }).format(day.time);
}

function DeliveryMark({ delivery }: { delivery: Delivery }) {
  if (delivery === 'pending') {
    return (
      <span className="chat-delivery is-pending" data-testid="chat-delivery">
        <ClockIcon />
        <Trans>Pending</Trans>
      </span>
    );
  }
  return (
    <span className={`chat-delivery is-${delivery}`} data-testid="chat-delivery">
      <CheckIcon double={delivery === 'read'} />
      {delivery === 'read' ? <Trans>Read</Trans> : <Trans>Sent</Trans>}
    </span>
  );
}

function Message({ message, ticketNumber }: { message: MessageView; ticketNumber: number }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  return (
    <li className={`chat-message${message.mine ? ' is-mine' : ''}`} data-testid="chat-message">
      <div className="chat-bubble">
        <span className="chat-sender">{message.sender}</span>
        <MessageText message={message} ticketNumber={ticketNumber} />
        {message.attachments.length > 0 && (
          <ul className="chat-files" aria-label={t`Attached files`}>
            {message.attachments.map((file) => (
              <li key={file.id}>
                <a href={attachmentUrl(ticketNumber, file.id)} download={file.name} className="chat-file">
                  <FileIcon />
                  <span className="chat-file-name">{file.name}</span>
                  <span className="chat-file-size">{formatFileSize(file.size, locale)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <span className="chat-meta">
          <time dateTime={message.clock ? new Date(message.time).toISOString() : undefined}>
            {message.clock}
          </time>
          {message.delivery && <DeliveryMark delivery={message.delivery} />}
        </span>
      </div>
    </li>
  );
}

/**
 * The history as a log (new messages are announced politely), one list per day under its
 * heading, the 'New messages' divider where the reader stopped. It opens at the divider (or
 * the latest message) and follows new messages to the bottom.
 */
export function MessageList({
  view,
  ticketNumber,
  emptyText,
}: {
  view: ChatView;
  ticketNumber: number;
  emptyText: string;
}) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const divider = useRef<HTMLLIElement>(null);
  const opened = useRef(false);
  const count = view.count;

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || count === 0) return;
    if (!opened.current && divider.current) {
      box.scrollTop = Math.max(0, divider.current.offsetTop - box.offsetTop - 8);
    } else {
      box.scrollTop = box.scrollHeight;
    }
    opened.current = true;
  }, [count]);

  return (
    <div
      className="chat-scroll"
      ref={scroller}
      role="log"
      aria-label={t`Chat history`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the history scrolls with the keyboard
      tabIndex={0}
    >
      {count === 0 ? (
        <p className="chat-empty muted">{emptyText}</p>
      ) : (
        view.days.map((day) => (
          <section key={day.day} className="chat-day" aria-label={dayHeading(day, locale)}>
            <h3 className="chat-day-heading">{dayHeading(day, locale)}</h3>
            <ol className="chat-messages">
              {day.messages.map((message) => (
                <Fragment key={message.key}>
                  {message.index === view.unreadIndex && (
                    <li className="chat-unread" ref={divider} data-testid="chat-unread">
                      <span>
                        <Trans>New messages</Trans>
                      </span>
                    </li>
                  )}
                  <Message message={message} ticketNumber={ticketNumber} />
                </Fragment>
              ))}
            </ol>
          </section>
        ))
      )}
    </div>
  );
}
