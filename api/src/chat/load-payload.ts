import { isStaff } from '@ecu/shared';
import {
  chatMessagesOf,
  chatPeopleOf,
  chatReceivedOf,
  partnerReadCount,
  readCountOf,
  unreadIndexOf,
} from '@ecu/shared/chat/doc';
import { shownTime, writtenAt } from '@ecu/shared/chat/limits';
import { type ChatMessage, readChatMessage } from '@ecu/shared/chat/message';
import type { ChatLoadPayload, ChatMessageDto, ChatPartnerDto } from '@ecu/shared/chat/payload';
import { CHAT_PATH } from '@ecu/shared/chat/protocol';
import * as Y from 'yjs';
import { getUserById } from '../accounts';
import type { AppDeps, UserRow } from '../http/context';
import { getSettings } from '../settings';
import type { ChatHub } from './hub';
import { loadChatState } from './persistence';
import type { ChatTicket } from './room';

/** The chat load payload (docs/product.md#10-chat) for `viewer`, from the loaded room or the store. */
export async function chatLoadPayload(
  deps: AppDeps,
  hub: ChatHub,
  ticket: ChatTicket,
  viewer: UserRow,
): Promise<ChatLoadPayload> {
  const loaded = hub.peek(ticket.id);
  const doc = loaded?.doc ?? new Y.Doc();
  try {
    if (!loaded)
      for (const update of (await loadChatState(deps.db, ticket.id)).updates) Y.applyUpdate(doc, update);
    const people = chatPeopleOf(doc);
    const received = chatReceivedOf(doc);
    // Entries stored before the server checked them (docs/decisions/066-chat-order-and-time.md)
    // may be no message, or one without a date: skipped, so that the rest still loads.
    const raw: ChatMessage[] = [];
    const times: number[] = [];
    const positions: number[] = [];
    chatMessagesOf(doc).forEach((value, index) => {
      const m = readChatMessage(value);
      const time = m && shownTime(m.time, received.get(m.id));
      if (!m || time === null) {
        deps.logger.warn(
          `Chat of ticket ${ticket.ticketNumber}: stored entry ${index} is not a message; skipped`,
        );
        return;
      }
      raw.push(m);
      times.push(time);
      positions.push(index);
    });
    /** Read counts are positions in the stored array: how many of the shown messages they cover. */
    const shownWithin = (count: number) => positions.filter((p) => p < count).length;
    const messages: ChatMessageDto[] = raw.map((m, index) => {
      const person = people.get(m.senderId);
      return {
        _id: m.id,
        message: m.text,
        createdAt: new Date(times[index] as number).toISOString(),
        writtenAt: writtenAtOf(m.time, received.get(m.id)),
        sender: {
          _id: m.senderId,
          firstName: person?.firstName ?? '',
          lastName: person?.lastName ?? '',
          role: person
            ? isStaff(person.role)
              ? 'admin'
              : 'user'
            : m.senderId === ticket.ownerId
              ? 'user'
              : 'admin',
        },
        attachments: (m.attachments ?? []).map((a) => ({
          ...a,
          url: `${CHAT_PATH}/${ticket.ticketNumber}/attachments/${a.id}`,
        })),
      };
    });
    return {
      ticketNumber: ticket.ticketNumber,
      messages,
      unreadIndex: unreadIndexOf(raw, shownWithin(readCountOf(doc, viewer.id)), viewer.id),
      chatPartner: await partnerOf(deps, ticket, viewer, messages),
      partnerReadCount: shownWithin(partnerReadCount(doc, viewer.id)),
    };
  } finally {
    if (!loaded) doc.destroy();
  }
}

/** The writer's time as 'written at', when both it and the receive time are dates. */
function writtenAtOf(written: unknown, received: unknown): string | null {
  const receivedAt = shownTime(undefined, received);
  const writtenTime = shownTime(written, undefined);
  if (receivedAt === null || writtenTime === null) return null;
  return new Date(writtenAt(writtenTime, receivedAt)).toISOString();
}

async function partnerOf(
  deps: AppDeps,
  ticket: ChatTicket,
  viewer: UserRow,
  messages: ChatMessageDto[],
): Promise<ChatPartnerDto> {
  if (viewer.id !== ticket.ownerId) {
    const owner = await getUserById(deps.db, ticket.ownerId);
    return {
      firstName: owner?.firstName ?? '',
      lastName: owner?.lastName ?? '',
      role: 'user',
      email: owner?.email ?? '',
    };
  }
  // The owner talks to "support": the admin who wrote last, reached at the service's address.
  const { support } = await getSettings(deps.db, deps.config, deps.logger);
  const last = [...messages].reverse().find((m) => m.sender._id !== ticket.ownerId);
  return last
    ? {
        firstName: last.sender.firstName,
        lastName: last.sender.lastName,
        role: 'admin',
        email: support.supportEmail,
      }
    : { firstName: 'Support', lastName: '', role: 'admin', email: support.supportEmail };
}
