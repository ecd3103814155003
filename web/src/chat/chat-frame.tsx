import type { Locale } from '@ecu/shared';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { LanguageName } from '../i18n';
import './chat.css';

export type ChatVariant = 'user' | 'admin';

/** The chat card: its heading (worded per side), the partner and a status. */
export function ChatFrame({
  variant,
  partner,
  partnerLanguage,
  status,
  children,
}: {
  variant: ChatVariant;
  partner?: string;
  partnerLanguage?: Locale;
  status?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={`card ticket-card chat-panel chat-panel-${variant}`}
      aria-labelledby={headingId}
      data-testid="chat-panel"
    >
      <div className="chat-head">
        <div className="chat-head-text">
          <h2 id={headingId}>
            {variant === 'admin' ? <Trans>Chat with the customer</Trans> : <Trans>Chat with support</Trans>}
          </h2>
          {partner && (
            <span className="chat-partner" data-testid="chat-partner">
              {partner}
            </span>
          )}
          {partnerLanguage && (
            <span className="chat-partner" data-testid="chat-partner-language">
              <Trans>
                Speaks <LanguageName locale={partnerLanguage} />
              </Trans>
            </span>
          )}
        </div>
        {status}
      </div>
      {children}
    </section>
  );
}
