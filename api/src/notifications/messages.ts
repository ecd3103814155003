import type { NotificationChoice } from '@ecu/shared';

/** What the service worker shows (web/public/push-sw.js reads these four fields). */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the app; clicking the notification opens it. */
  url: string;
  /** One notification per tag on a device: a newer message of the same tag replaces it. */
  tag: string;
}

interface ChatTicketRef {
  id: string;
  ticketNumber: number;
  ownerId: string;
}

interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

export type NotificationEvent =
  | { kind: 'ticketStatus'; ownerId: string; ticketNumber: number; status: 'Unlocked' | 'Failed' }
  | { kind: 'newTicket'; ticketNumber: number; customer: Person; vehicle: string }
  | {
      kind: 'chatMessage';
      ticket: ChatTicketRef;
      sender: Person;
      texts: string[];
    }
  | {
      /** A ticket waited past an escalation threshold (docs/decisions/090-escalation.md). */
      kind: 'overdue';
      ticketNumber: number;
      reason: 'status' | 'unanswered';
      status: string;
      minutesOver: number;
      threshold: number;
      stage: 1 | 2;
      /** The assignee, or the admins (stage 2, or nobody is assigned). */
      to: { userId: string } | 'admins';
    }
  | {
      /** An engineer proposed a different plan (docs/decisions/091-counter-offers.md). */
      kind: 'counterOffer';
      ticketNumber: number;
      ownerId: string;
      /** '+2 credits', 'No change in price'. */
      difference: string;
    }
  | {
      /** The owner answered a counter-offer: told to its engineer (or the desk when they are gone). */
      kind: 'counterOfferAnswered';
      ticketNumber: number;
      answer: 'accepted' | 'declined';
      to: { userId: string } | 'admins';
    };

/** The event of a ticket being created (its pushes are queued in the creating transaction). */
export function newTicketEvent(
  ticket: { ticketNumber: number; make: string; model: string; stage: string },
  customer: Person,
): NotificationEvent {
  return {
    kind: 'newTicket',
    ticketNumber: ticket.ticketNumber,
    customer,
    vehicle: `${ticket.make} ${ticket.model}, ${ticket.stage}`,
  };
}

/**
 * The event of chat messages just stored. Whoever has that chat open is not pushed: the hub
 * queues it with `present` (see QueuePushOptions in ./send.ts).
 */
export function chatMessageEvent(
  ticket: ChatTicketRef,
  sender: Person,
  messages: { text: string }[],
): NotificationEvent {
  return {
    kind: 'chatMessage',
    ticket: { id: ticket.id, ticketNumber: ticket.ticketNumber, ownerId: ticket.ownerId },
    sender: { id: sender.id, firstName: sender.firstName, lastName: sender.lastName },
    texts: messages.map((m) => m.text),
  };
}

/** Who is told: the ticket's owner, or every admin; and the choice that must be on. */
export interface Audience {
  /** 'admins': the desk (engineers and admins); 'adminRole': admins only. */
  to: { userId: string } | 'admins' | 'adminRole';
  choice: NotificationChoice;
}

const BODY_MAX = 140;

const nameOf = (p: Person, fallback: string) => `${p.firstName} ${p.lastName}`.trim() || fallback;

function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > BODY_MAX ? `${one.slice(0, BODY_MAX - 1)}…` : one;
}

/** Tuners open /ticket-details/N, admins /ticket/N (web/src/app/router.tsx). */
export const tunerTicketPath = (n: number) => `/ticket-details/${n}`;
export const adminTicketPath = (n: number) => `/ticket/${n}`;

/** The audience and the message of an event. A chat message goes the other way from its sender. */
export function describeEvent(event: NotificationEvent): { audience: Audience; message: PushMessage } {
  switch (event.kind) {
    case 'ticketStatus': {
      const n = event.ticketNumber;
      return {
        audience: { to: { userId: event.ownerId }, choice: 'ticketStatus' },
        message:
          event.status === 'Unlocked'
            ? {
                title: `Ticket ${n}: your tuned file is ready`,
                body: 'Your tuned file is unlocked. Open the ticket to download it.',
                url: tunerTicketPath(n),
                tag: `ticket-${n}-status`,
              }
            : {
                title: `Ticket ${n}: we could not complete your file`,
                body: 'If credits were taken for it, they have been refunded. Open the ticket for details.',
                url: tunerTicketPath(n),
                tag: `ticket-${n}-status`,
              },
      };
    }
    case 'newTicket':
      return {
        audience: { to: 'admins', choice: 'newTickets' },
        message: {
          title: `New ticket ${event.ticketNumber}`,
          body: clip(`${nameOf(event.customer, 'A customer')}: ${event.vehicle}`),
          url: adminTicketPath(event.ticketNumber),
          tag: `ticket-${event.ticketNumber}-new`,
        },
      };
    case 'chatMessage': {
      const n = event.ticket.ticketNumber;
      const text = clip(event.texts.join(' '));
      if (event.sender.id === event.ticket.ownerId) {
        return {
          audience: { to: 'admins', choice: 'customerMessages' },
          message: {
            title: `Ticket ${n}: ${nameOf(event.sender, 'The customer')} wrote`,
            body: text,
            url: adminTicketPath(n),
            tag: `chat-${n}`,
          },
        };
      }
      return {
        audience: { to: { userId: event.ticket.ownerId }, choice: 'supportReplies' },
        message: {
          title: `Ticket ${n}: a new message from support`,
          body: text,
          url: tunerTicketPath(n),
          tag: `chat-${n}`,
        },
      };
    }
    case 'overdue': {
      const n = event.ticketNumber;
      const waited =
        event.reason === 'status'
          ? `${event.status} ${event.minutesOver} min past the ${event.threshold}-minute limit`
          : `A customer message is unanswered ${event.minutesOver} min past the ${event.threshold}-minute limit`;
      return {
        audience: {
          to: event.to === 'admins' ? 'adminRole' : event.to,
          choice: event.reason === 'unanswered' ? 'customerMessages' : 'newTickets',
        },
        message: {
          title: event.stage === 2 ? `Ticket ${n} is still overdue` : `Ticket ${n} is overdue`,
          body: `${waited} (working hours).`,
          url: adminTicketPath(n),
          tag: `ticket-${n}-overdue`,
        },
      };
    }
    case 'counterOffer': {
      const n = event.ticketNumber;
      return {
        audience: { to: { userId: event.ownerId }, choice: 'ticketStatus' },
        message: {
          title: `Ticket ${n}: a different plan is proposed`,
          body: `${event.difference}. Open the ticket to accept or decline it.`,
          url: tunerTicketPath(n),
          tag: `ticket-${n}-offer`,
        },
      };
    }
    case 'counterOfferAnswered': {
      const n = event.ticketNumber;
      return {
        audience: { to: event.to, choice: 'newTickets' },
        message: {
          title: `Ticket ${n}: the customer ${event.answer} your offer`,
          body:
            event.answer === 'accepted'
              ? 'The ticket now has the proposed plan and price.'
              : 'The ticket keeps its plan and is back with the desk.',
          url: adminTicketPath(n),
          tag: `ticket-${n}-offer`,
        },
      };
    }
  }
}
