import { isStaff } from '@ecu/shared/accounts/roles';
import { CHAT_MESSAGES } from '@ecu/shared/chat/message';
import type { Locale } from '@ecu/shared/i18n/locales';
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

const CONNECTION_TEXT: Record<ChatConnection, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** The ticket chat (docs/product.md#10-chat), on the customer's and the admin's ticket pages. */
export default function ChatPanel({ ticketNumber, variant, replies, partnerLanguage }: ChatPanelProps) {
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
          })
        : null,
    [snapshot, user],
  );

  if (ticketNumber === null || snapshot.phase === 'forbidden' || (auth !== 'loading' && !account)) {
    return (
      <ChatFrame variant={variant}>
        <p className="chat-failed status-failed" role="alert">
          {CHAT_MESSAGES.loadFailed}
        </p>
      </ChatFrame>
    );
  }

  const partner =
    user && snapshot.phase === 'open'
      ? chatPartnerName({
          viewerId: user.id,
          viewerRole: user.role,
          ownerId: snapshot.ownerId,
          people: snapshot.people,
          senders: snapshot.entries.map((e) => e.message.senderId),
        })
      : undefined;
  const typing = typingText(snapshot.typing);

  return (
    <ChatFrame
      variant={variant}
      partner={partner}
      partnerLanguage={partnerLanguage}
      status={
        snapshot.phase === 'open' && (
          <span className={`chat-status is-${snapshot.connection}`} role="status" data-testid="chat-status">
            {CONNECTION_TEXT[snapshot.connection]}
          </span>
        )
      }
    >
      <div className="chat-body" ref={visibleRef}>
        {snapshot.phase === 'loading' || !view ? (
          <p className="chat-loading muted" aria-busy="true">
            Loading chat...
          </p>
        ) : (
          <MessageList
            view={view}
            ticketNumber={ticketNumber}
            emptyText={
              variant === 'admin'
                ? 'No messages yet. Write to the customer here.'
                : 'No messages yet. Ask support anything about this file.'
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
