import type { ChatAttachment } from '@ecu/shared/chat/message';
import { CHAT_CLOSE, CHAT_PATH } from '@ecu/shared/chat/protocol';
import { msg } from '@lingui/core/macro';
import { type RefObject, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { toast } from 'react-toastify';
import { i18n } from '../i18n';
import { ChatSession } from './chat-session';
import { type ChatSnapshot, LOADING_SNAPSHOT } from './snapshot';
import { type ChatUser, TypingTracker } from './typing';

const REFUSED = msg`A message could not be delivered and was removed.`;
/** shared's words for a full chat, in the shown language. */
const CHAT_FULL = msg`This chat is full. Please open a new ticket to go on.`;

/** shared's tooFastText in the shown language. */
function tooFast(seconds: number): string {
  return i18n._(msg`You are sending messages too fast, wait ${seconds} s`);
}

/** The chat endpoint on this origin, ws: or wss: as the page is http: or https:. */
export function chatServerUrl(): string {
  return `${location.origin.replace(/^http/, 'ws')}${CHAT_PATH}`;
}

const noSubscribe = () => () => {};
const loading = () => LOADING_SNAPSHOT;

export interface ChatRoomHandle {
  snapshot: ChatSnapshot;
  /** Writes a message (queued as pending without a connection); false when the chat is not open. */
  send: (text: string, attachments?: ChatAttachment[]) => boolean;
  /** Call on every change of the input: the others see "is typing…" for ~3 s. */
  typed: () => void;
}

/**
 * One open ticket chat (docs/decisions/022-chat-on-yjs.md): a ChatSession for the ticket and
 * the signed-in user while the panel is mounted. `visibleRef` is the element whose being on
 * screen (in a visible tab) counts as reading.
 */
export function useChatRoom(
  ticketNumber: number | null,
  user: ChatUser | null,
  visibleRef: RefObject<Element | null>,
): ChatRoomHandle {
  const [session, setSession] = useState<ChatSession | null>(null);
  const userId = user?.id;
  const userName = user?.name;
  const userRole = user?.role;

  useEffect(() => {
    if (ticketNumber === null || !userId || !userRole) return;
    const next = new ChatSession({
      ticketNumber,
      user: { id: userId, name: userName ?? '', role: userRole },
      serverUrl: chatServerUrl(),
      onRefused: (code) =>
        toast.error(i18n._(code === CHAT_CLOSE.chatFull ? CHAT_FULL : REFUSED), {
          toastId: `chat-refused-${ticketNumber}`,
        }),
      onLimited: (seconds) => toast.warn(tooFast(seconds), { toastId: `chat-limited-${ticketNumber}` }),
    });
    next.start();
    setSession(next);
    return () => {
      next.stop();
      setSession(null);
    };
  }, [ticketNumber, userId, userName, userRole]);

  const snapshot = useSyncExternalStore(session?.subscribe ?? noSubscribe, session?.getSnapshot ?? loading);
  useReading(session, visibleRef);

  const tracker = useMemo(() => (session ? new TypingTracker((t) => session.setTyping(t)) : null), [session]);
  useEffect(() => () => tracker?.stop(), [tracker]);

  const send = useCallback(
    (text: string, attachments?: ChatAttachment[]) => {
      tracker?.stop();
      return session?.send(text, attachments) != null;
    },
    [session, tracker],
  );
  const typed = useCallback(() => tracker?.input(), [tracker]);

  return { snapshot, send, typed };
}

/** The chat counts as read while its list is on screen in a visible tab. */
function useReading(session: ChatSession | null, ref: RefObject<Element | null>) {
  useEffect(() => {
    if (!session) return;
    let onScreen = true;
    const update = () => session.setVisible(onScreen && document.visibilityState === 'visible');
    const element = ref.current;
    let observer: IntersectionObserver | null = null;
    if (element && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => {
        onScreen = entries.some((entry) => entry.isIntersecting);
        update();
      });
      observer.observe(element);
    }
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
      session.setVisible(false);
    };
  }, [session, ref]);
}
