import type { Locale, NotificationChoice } from '@ecu/shared';
import { priceDifferenceIn, serverMessages, statusIn } from '@ecu/shared/i18n/server-messages';

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
      /** In credits: positive costs the customer more. */
      priceDifference: number;
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

/**
 * The audience and the message of an event, in `locale` (the recipient's language: the message
 * is made per device's account; docs/decisions/093-languages.md). A chat message goes the other
 * way from its sender.
 */
export function describeEvent(
  event: NotificationEvent,
  locale: Locale = 'en',
): { audience: Audience; message: PushMessage } {
  const t = serverMessages(locale);
  switch (event.kind) {
    case 'ticketStatus': {
      const n = event.ticketNumber;
      const ticketNumber = String(n);
      return {
        audience: { to: { userId: event.ownerId }, choice: 'ticketStatus' },
        message:
          event.status === 'Unlocked'
            ? {
                title: t('push.status.Unlocked.title', { ticketNumber }),
                body: t('mail.status.Unlocked.line'),
                url: tunerTicketPath(n),
                tag: `ticket-${n}-status`,
              }
            : {
                title: t('push.status.Failed.title', { ticketNumber }),
                body: t('push.status.Failed.body'),
                url: tunerTicketPath(n),
                tag: `ticket-${n}-status`,
              },
      };
    }
    case 'newTicket':
      return {
        audience: { to: 'admins', choice: 'newTickets' },
        message: {
          title: t('push.newTicket.title', { ticketNumber: String(event.ticketNumber) }),
          body: clip(`${nameOf(event.customer, t('push.aCustomer'))}: ${event.vehicle}`),
          url: adminTicketPath(event.ticketNumber),
          tag: `ticket-${event.ticketNumber}-new`,
        },
      };
    case 'chatMessage': {
      const n = event.ticket.ticketNumber;
      const ticketNumber = String(n);
      const text = clip(event.texts.join(' '));
      if (event.sender.id === event.ticket.ownerId) {
        return {
          audience: { to: 'admins', choice: 'customerMessages' },
          message: {
            title: t('push.customerWrote', {
              ticketNumber,
              name: nameOf(event.sender, t('push.theCustomer')),
            }),
            body: text,
            url: adminTicketPath(n),
            tag: `chat-${n}`,
          },
        };
      }
      return {
        audience: { to: { userId: event.ticket.ownerId }, choice: 'supportReplies' },
        message: {
          title: t('push.supportWrote', { ticketNumber }),
          body: text,
          url: tunerTicketPath(n),
          tag: `chat-${n}`,
        },
      };
    }
    case 'overdue': {
      const n = event.ticketNumber;
      const ticketNumber = String(n);
      const times = { minutes: String(event.minutesOver), threshold: String(event.threshold) };
      const waited =
        event.reason === 'status'
          ? t('push.overdue.status', { ...times, status: statusIn(t, event.status) })
          : t('push.overdue.unanswered', times);
      return {
        audience: {
          to: event.to === 'admins' ? 'adminRole' : event.to,
          choice: event.reason === 'unanswered' ? 'customerMessages' : 'newTickets',
        },
        message: {
          title: t(event.stage === 2 ? 'push.overdue.stillTitle' : 'push.overdue.title', { ticketNumber }),
          body: t('push.overdue.body', { waited }),
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
          title: t('push.offer.title', { ticketNumber: String(n) }),
          body: t('push.offer.body', { difference: priceDifferenceIn(t, event.priceDifference) }),
          url: tunerTicketPath(n),
          tag: `ticket-${n}-offer`,
        },
      };
    }
    case 'counterOfferAnswered': {
      const n = event.ticketNumber;
      const accepted = event.answer === 'accepted';
      return {
        audience: { to: event.to, choice: 'newTickets' },
        message: {
          title: t(accepted ? 'push.offer.accepted.title' : 'push.offer.declined.title', {
            ticketNumber: String(n),
          }),
          body: t(accepted ? 'push.offer.accepted.body' : 'push.offer.declined.body'),
          url: adminTicketPath(n),
          tag: `ticket-${n}-offer`,
        },
      };
    }
  }
}
