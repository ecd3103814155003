import { isStaff } from '@ecu/shared/accounts/roles';
import type { Locale } from '@ecu/shared/i18n/locales';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useRef } from 'react';
import { toast } from 'react-toastify';
import { useAuthUser } from '../accounts';
import { useOnline } from '../local/use-online';
import { ChatFrame, type ChatVariant } from './chat-frame';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { chatPartnerName } from './people';
import type { ComposerReplies } from './slash-menu';
import type { ChatConnection } from './snapshot';
import { type ChatUser, typingText } from './typing';
import { useChatRoom } from './use-chat-room';
import { buildChatView } from './view-model';

export interface ChatPanelProps {
  /** null: the page has no usable ticket number ('Failed to load chat'). */
  ticketNumber: number | null;
  variant: ChatVariant;
  /** Staff only: the canned replies the composer offers after a slash (docs/decisions/088-canned-replies.md). */
  replies?: ComposerReplies;
  /** Staff only: the customer's language, shown in the header so support answers in it. */
  partnerLanguage?: Locale;
}

const CONNECTION_TEXT: Record<ChatConnection, MessageDescriptor> = {
  connecting: msg`Connecting…`,
  connected: msg`Connected`,
  reconnecting: msg`Reconnecting…`,
  offline: msg`Offline`,
};

/** shared's CHAT_MESSAGES.loadFailed, in the shown language. */
const LOAD_FAILED = msg`Failed to load chat`;

/** The ticket chat (docs/product.md#10-chat), on the customer's and the admin's ticket pages. */
export default function ChatPanel({ ticketNumber, variant, replies, partnerLanguage }: ChatPanelProps) {
  const { t, i18n } = useLingui();
  const auth = useAuthUser();
  const account = typeof auth === 'object' && auth ? auth : null;
  const user = useMemo<ChatUser | null>(
    () =>
      account
        ? {
            id: account._id,
            name: `${account.firstName ?? ''} ${account.lastName ?? ''}`.trim() || account.email,
            role: isStaff(account.role) ? 'admin' : 'user',
          }
        : null,
    [account],
  );
  const visibleRef = useRef<HTMLDivElement>(null);
  const online = useOnline();
  const { snapshot, send, typed } = useChatRoom(ticketNumber, user, visibleRef);
  const problem = useCallback((text: string) => toast.error(text), []);

  const view = useMemo(
    () =>
      user
        ? buildChatView(snapshot.entries, {
            viewerId: user.id,
            people: snapshot.people,
            known: snapshot.known,
            partnerRead: snapshot.partnerRead,
            unreadIndex: snapshot.unreadIndex,
            received: snapshot.received,
            i18n,
          })
        : null,
    [snapshot, user, i18n],
  );

  if (ticketNumber === null || snapshot.phase === 'forbidden' || (auth !== 'loading' && !account)) {
    return (
      <ChatFrame variant={variant}>
        <p className="chat-failed status-failed" role="alert">
          {i18n._(LOAD_FAILED)}
        </p>
      </ChatFrame>
    );
  }

  const partner =
    user && snapshot.phase === 'open'
      ? chatPartnerName(
          {
            viewerId: user.id,
            viewerRole: user.role,
            ownerId: snapshot.ownerId,
            people: snapshot.people,
            senders: snapshot.entries.map((e) => e.message.senderId),
          },
          i18n,
        )
      : undefined;
  const typing = typingText(snapshot.typing, i18n);

  return (
    <ChatFrame
      variant={variant}
      partner={partner}
      partnerLanguage={partnerLanguage}
      status={
        snapshot.phase === 'open' && (
          <span className={`chat-status is-${snapshot.connection}`} role="status" data-testid="chat-status">
            {i18n._(CONNECTION_TEXT[snapshot.connection])}
          </span>
        )
      }
    >
      <div className="chat-body" ref={visibleRef}>
        {snapshot.phase === 'loading' || !view ? (
          <p className="chat-loading muted" aria-busy="true">
            <Trans>Loading chat...</Trans>
          </p>
        ) : (
          <MessageList
            view={view}
            ticketNumber={ticketNumber}
            emptyText={
              variant === 'admin'
                ? t`No messages yet. Write to the customer here.`
                : t`No messages yet. Ask support anything about this file.`
            }
          />
        )}
        <p className="chat-typing" aria-live="polite">
          {typing ?? ''}
        </p>
        <Composer
          disabled={snapshot.phase !== 'open'}
          online={online}
          onSend={send}
          onTyped={typed}
          onProblem={problem}
          replies={user?.role === 'admin' ? replies : undefined}
        />
      </div>
    </ChatFrame>
  );
}
