import type { ChatPerson } from '@ecu/shared/chat/doc';
import { i18n as appI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const SUPPORT = msg`Support`;
const CUSTOMER = msg`Customer`;

export type People = ReadonlyMap<string, ChatPerson>;

export function personName(person: ChatPerson | undefined): string {
  return `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim();
}

/**
 * Who the viewer is talking to (docs/decisions/022-chat-on-yjs.md): for the ticket's owner
 * the admin who last wrote, else 'Support'; for an admin the owner. Before the server's
 * first answer the owner may be unknown: the viewer's role decides then.
 */
export function chatPartnerName(
  input: {
    viewerId: string;
    viewerRole: 'user' | 'admin';
    ownerId: string | undefined;
    people: People;
    senders: readonly string[];
  },
  i18n: I18n = appI18n,
): string {
  const { viewerId, viewerRole, ownerId, people, senders } = input;
  const viewerIsOwner = ownerId ? ownerId === viewerId : viewerRole === 'user';
  if (viewerIsOwner) {
    for (let i = senders.length - 1; i >= 0; i--) {
      const person = people.get(senders[i] as string);
      if (person?.role === 'admin' && senders[i] !== viewerId) return personName(person) || i18n._(SUPPORT);
    }
    return i18n._(SUPPORT);
  }
  return (ownerId && personName(people.get(ownerId))) || i18n._(CUSTOMER);
}

/** The name over a message: 'You' for the viewer's own, else the sender's name or role. */
export function senderLabel(
  senderId: string,
  viewerId: string,
  people: People,
  i18n: I18n = appI18n,
): string {
  if (senderId === viewerId) return i18n._(msg`You`);
  const person = people.get(senderId);
  return personName(person) || (person?.role === 'admin' ? i18n._(SUPPORT) : i18n._(CUSTOMER));
}
