import type { ChatPerson } from '@ecu/shared/chat/doc';

export type People = ReadonlyMap<string, ChatPerson>;

export function personName(person: ChatPerson | undefined): string {
  return `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim();
}

/**
 * Who the viewer is talking to (docs/decisions/022-chat-on-yjs.md): for the ticket's owner
 * the admin who last wrote, else 'Support'; for an admin the owner. Before the server's
 * first answer the owner may be unknown: the viewer's role decides then.
 */
export function chatPartnerName(input: {
  viewerId: string;
  viewerRole: 'user' | 'admin';
  ownerId: string | undefined;
  people: People;
  senders: readonly string[];
}): string {
  const { viewerId, viewerRole, ownerId, people, senders } = input;
  const viewerIsOwner = ownerId ? ownerId === viewerId : viewerRole === 'user';
  if (viewerIsOwner) {
    for (let i = senders.length - 1; i >= 0; i--) {
      const person = people.get(senders[i] as string);
      if (person?.role === 'admin' && senders[i] !== viewerId) return personName(person) || 'Support';
    }
    return 'Support';
  }
  return (ownerId && personName(people.get(ownerId))) || 'Customer';
}

/** The name over a message: 'You' for the viewer's own, else the sender's name or role. */
export function senderLabel(senderId: string, viewerId: string, people: People): string {
  if (senderId === viewerId) return 'You';
  const person = people.get(senderId);
  return personName(person) || (person?.role === 'admin' ? 'Support' : 'Customer');
}
