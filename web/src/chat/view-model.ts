import { groupByDay } from '@ecu/shared/chat/day-groups';
import { shownTime } from '@ecu/shared/chat/limits';
import type { ChatAttachment } from '@ecu/shared/chat/message';
import type { I18n } from '@lingui/core';
import { type Delivery, deliveryOf, type StateVector } from './delivery';
import type { ChatEntry } from './entries';
import { type People, senderLabel } from './people';

export interface MessageView {
  key: string;
  index: number;
  text: string;
  /** When the server received it (the writer's clock while it is still pending). */
  time: number;
  /** 24-hour clock, e.g. '17:05'. */
  clock: string;
  mine: boolean;
  sender: string;
  attachments: ChatAttachment[];
  /** Own messages only. */
  delivery: Delivery | null;
}

export interface DayView {
  /** The en-GB heading ('05 March 2025'). */
  day: string;
  /** The first message's time and the zone of the heading, for a heading in another language. */
  time?: number;
  timeZone?: string;
  messages: MessageView[];
}

export interface ChatView {
  days: DayView[];
  /** The message the 'New messages' divider goes before, or -1. */
  unreadIndex: number;
  count: number;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
export function clockText(time: number, timeZone?: string): string {
  if (!Number.isFinite(new Date(time).getTime())) return '';
  const key = timeZone ?? '';
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    clockFormats.set(key, format);
  }
  return format.format(new Date(time));
}

/** The chat as the panel shows it: days (en-GB headings), each message with its sender and state. */
export function buildChatView(
  entries: readonly ChatEntry[],
  context: {
    viewerId: string;
    people: People;
    known: StateVector;
    partnerRead: number;
    unreadIndex: number;
    received?: ReadonlyMap<string, number>;
    timeZone?: string;
    /** The language of the senders' roles ('You', 'Support'); the app's by default. */
    i18n?: I18n;
  },
): ChatView {
  const { viewerId, people, known, partnerRead, timeZone, received, i18n } = context;
  const views: MessageView[] = entries.map(({ message, id }, index) => {
    const mine = message.senderId === viewerId;
    const time = shownTime(message.time, received?.get(message.id)) ?? 0;
    return {
      // Two messages never share a Yjs slot; a message id could be sent twice by a faulty client.
      key: `${id.client}:${id.clock}`,
      index,
      text: message.text,
      time,
      clock: clockText(time, timeZone),
      mine,
      sender: senderLabel(message.senderId, viewerId, people, i18n),
      attachments: message.attachments ?? [],
      delivery: mine ? deliveryOf(id, index, known, partnerRead) : null,
    };
  });
  const days = groupByDay(views, timeZone).map((group) => ({
    day: group.day,
    time: group.items[0]?.item.time ?? 0,
    ...(timeZone ? { timeZone } : {}),
    messages: group.items.map(({ item }) => item),
  }));
  const unreadIndex = context.unreadIndex < views.length ? context.unreadIndex : -1;
  return { days, unreadIndex, count: views.length };
}
