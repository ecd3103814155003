import {
  answerRefusal,
  asLocale,
  type CounterOfferAnswer,
  type CounterOfferDto,
  type CounterOfferValues,
  counterOfferAnswerSchema,
  counterOfferPriceDifference,
  counterOfferSchema,
  dtcCodesAllowed,
  priceAfterOffer,
  proposalRefusal,
} from '@ecu/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser, requireAccount } from '../accounts';
import type { Db, Tx } from '../db/client';
import { ticketCounterOffers, ticketEvents, tickets, users } from '../db/schema';
import { conflict, notFound, said } from '../http/app-error';
import type { AppDeps, AppEnv, UserRow } from '../http/context';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/validate';
import { queueMail } from '../platform/mail';
import { counterOfferAnsweredMail, counterOfferMail } from './mail-templates';
import { ticketTimesForRegistration } from './queries';

/**
 * Counter-offers (docs/decisions/091-counter-offers.md): an engineer proposes a different plan,
 * the owner accepts (the ticket takes the plan and its price; the credits move at download, as
 * ever) or declines (the ticket stays as it was, back with the desk). Each step is one
 * transaction with its history line and its queued e-mail and push.
 */

export const COUNTER_OFFER_EVENTS = {
  proposed: 'counter_offer_proposed',
  accepted: 'counter_offer_accepted',
  declined: 'counter_offer_declined',
} as const;

type OfferRow = typeof ticketCounterOffers.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'notifications'>;

function toOfferDto(row: OfferRow): CounterOfferDto {
  return {
    stage: row.stage,
    options: row.options,
    message: row.message,
    priceDifference: row.priceDifference,
    createdAt: row.createdAt.toISOString(),
  };
}

async function openOfferRow(db: Db | Tx, ticketId: string): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(ticketCounterOffers)
    .where(and(eq(ticketCounterOffers.ticketId, ticketId), isNull(ticketCounterOffers.answer)));
  return row;
}

/** The open offer of a ticket, for its details (owner and staff); null when none is open. */
export async function openCounterOffer(db: Db, ticketId: string): Promise<CounterOfferDto | null> {
  const row = await openOfferRow(db, ticketId);
  return row ? toOfferDto(row) : null;
}

/** Which of these tickets await their customer's answer to an offer. */
export async function ticketsAwaitingCustomer(db: Db, ticketIds: string[]): Promise<Set<string>> {
  if (ticketIds.length === 0) return new Set();
  const rows = await db
    .select({ ticketId: ticketCounterOffers.ticketId })
    .from(ticketCounterOffers)
    .where(and(inArray(ticketCounterOffers.ticketId, ticketIds), isNull(ticketCounterOffers.answer)));
  return new Set(rows.map((r) => r.ticketId));
}

/** List rows gain `awaitingCustomer: true` while an offer is open; others stay byte-for-byte as before. */
export async function withAwaitingCustomer<T extends { _id: string }>(
  db: Db,
  rows: T[],
): Promise<(T & { awaitingCustomer?: true })[]> {
  const awaiting = await ticketsAwaitingCustomer(
    db,
    rows.map((r) => r._id),
  );
  return awaiting.size === 0
    ? rows
    : rows.map((r) => (awaiting.has(r._id) ? { ...r, awaitingCustomer: true } : r));
}

/** The ticket's row, locked for the rest of the transaction. */
async function lockTicket(tx: Tx, ticketNumber: number) {
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(eq(tickets.ticketNumber, ticketNumber))
    .for('update');
  return ticket;
}

/**
 * An engineer (or admin) proposes a different plan. Priced as the ticket was: its make and
 * Master/Slave, and the owner's tickets for the same registration made before it.
 */
export async function proposeCounterOffer(
  deps: Deps,
  staff: UserRow,
  input: CounterOfferValues,
): Promise<CounterOfferDto> {
  return deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketNumber);
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    const open = await openOfferRow(tx, ticket.id);
    const current = { stage: ticket.stage, options: ticket.options };
    const proposed = { stage: input.stage, options: input.options };
    const refusal = proposalRefusal({
      status: ticket.status,
      hasOpenOffer: Boolean(open),
      current,
      proposed,
    });
    if (refusal) throw conflict(refusal.message);

    const earlier = await ticketTimesForRegistration(tx, {
      userId: ticket.userId,
      registration: ticket.registration,
      before: ticket.createdAt,
    });
    const priceDifference = counterOfferPriceDifference(
      {
        make: ticket.make,
        masterSlave: ticket.masterSlave,
        earlierTicketsForRegistration: earlier,
        pricedAt: ticket.createdAt,
      },
      current,
      proposed,
    );
    const [row] = await tx
      .insert(ticketCounterOffers)
      .values({
        ticketId: ticket.id,
        stage: input.stage,
        options: [...new Set(input.options)],
        message: input.message,
        priceDifference,
        proposedBy: staff.id,
      })
      .returning();
    if (!row) throw new Error('The offer was not stored');
    // updatedAt moves so the owner's devices sync the ticket ('Awaiting customer').
    await tx.update(tickets).set({ updatedAt: sql`now()` }).where(eq(tickets.id, ticket.id));
    await tx.insert(ticketEvents).values({
      ticketId: ticket.id,
      kind: COUNTER_OFFER_EVENTS.proposed,
      actorId: staff.id,
      detail: { stage: row.stage, options: row.options, priceDifference },
    });

    const [owner] = await tx.select().from(users).where(eq(users.id, ticket.userId));
    if (owner && !owner.deletedAt)
      await queueMail(
        deps.jobs,
        counterOfferMail(
          owner.email,
          {
            ticketNumber: ticket.ticketNumber,
            stage: row.stage,
            options: row.options,
            message: row.message,
            difference: priceDifference,
          },
          `${deps.config.appUrl}/ticket-details/${ticket.ticketNumber}`,
          asLocale(owner.locale),
        ),
        {
          key: `counter-offer:${row.id}`,
          userId: owner.id,
          label: `Ticket ${ticket.ticketNumber}: a different plan`,
          tx,
        },
      );
    await deps.notifications.queue(
      { kind: 'counterOffer', ticketNumber: ticket.ticketNumber, ownerId: ticket.userId, priceDifference },
      { key: `counter-offer:${row.id}`, tx },
    );
    return toOfferDto(row);
  });
}

/**
 * The owner answers the open offer. Accepting gives the ticket the offered plan and its price
 * (the stored price plus the difference, never below 0), which the download charges as usual;
 * declining leaves the ticket as it was. Either way the engineer who proposed it is told.
 */
export async function answerCounterOffer(
  deps: Deps,
  user: UserRow,
  ticketNumber: number,
  answer: CounterOfferAnswer,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketNumber);
    // Someone else's ticket answers exactly like a missing one.
    if (!ticket || ticket.userId !== user.id) throw notFound(said('error.ticketNotFound'));
    const open = await openOfferRow(tx, ticket.id);
    const refusal = answerRefusal({ hasOpenOffer: Boolean(open), status: ticket.status, answer });
    if (refusal || !open) throw conflict(refusal?.message ?? 'There is no offer waiting for your answer');

    await tx
      .update(ticketCounterOffers)
      .set({ answer, answeredAt: sql`now()` })
      .where(eq(ticketCounterOffers.id, open.id));
    if (answer === 'accepted') {
      const creditsNeed = priceAfterOffer(ticket.creditsNeed, open.priceDifference);
      await tx
        .update(tickets)
        .set({
          stage: open.stage,
          options: open.options,
          creditsNeed,
          // The fault codes go with DTC OFF (docs/decisions/092-fault-code-lists.md).
          ...(dtcCodesAllowed(open.options) ? {} : { dtcCodes: [] }),
          updatedAt: sql`now()`,
        })
        .where(eq(tickets.id, ticket.id));
      await tx.insert(ticketEvents).values({
        ticketId: ticket.id,
        kind: COUNTER_OFFER_EVENTS.accepted,
        actorId: user.id,
        detail: {
          from: { stage: ticket.stage, options: ticket.options, creditsNeed: ticket.creditsNeed },
          to: { stage: open.stage, options: open.options, creditsNeed },
        },
      });
    } else {
      await tx.update(tickets).set({ updatedAt: sql`now()` }).where(eq(tickets.id, ticket.id));
      await tx.insert(ticketEvents).values({
        ticketId: ticket.id,
        kind: COUNTER_OFFER_EVENTS.declined,
        actorId: user.id,
        detail: { stage: open.stage, options: open.options },
      });
    }

    // The engineer who proposed it; when they are gone, the assignee; else the desk.
    const [proposer] = open.proposedBy
      ? await tx
          .select({ id: users.id, email: users.email, locale: users.locale })
          .from(users)
          .where(and(eq(users.id, open.proposedBy), eq(users.disabled, false), isNull(users.deletedAt)))
      : [];
    const engineerId = proposer?.id ?? ticket.assigneeId;
    if (proposer)
      await queueMail(
        deps.jobs,
        counterOfferAnsweredMail(
          proposer.email,
          { ticketNumber: ticket.ticketNumber, answer },
          `${deps.config.appUrl}/ticket/${ticket.ticketNumber}`,
          asLocale(proposer.locale),
        ),
        {
          key: `counter-offer-answer:${open.id}`,
          userId: proposer.id,
          label: `Ticket ${ticket.ticketNumber}: offer ${answer}`,
          tx,
        },
      );
    await deps.notifications.queue(
      {
        kind: 'counterOfferAnswered',
        ticketNumber: ticket.ticketNumber,
        answer,
        to: engineerId ? { userId: engineerId } : 'admins',
      },
      { key: `counter-offer-answer:${open.id}`, tx },
    );
  });
}

/** POST /admin/tickets/counter-offer, mounted under /api/admin behind the staff gate (queue calls). */
export function counterOfferDeskRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/tickets/counter-offer', async (c) => {
    const input = await jsonBody(c, counterOfferSchema);
    const offer = await proposeCounterOffer(c.var.deps, currentUser(c), input);
    return ok(c, 'The different plan was sent to the customer', offer, 201);
  });
  return app;
}

/**
 * POST /ecuFile/counter-offer/accept and /decline: the ticket's owner only; anyone else, staff
 * included, is told the ticket does not exist, as for other people's tickets.
 */
export function counterOfferOwnerRoutes() {
  const app = new Hono<AppEnv>();
  const customer = requireAccount();
  for (const [path, answer, message] of [
    ['/counter-offer/accept', 'accepted', 'You accepted the new plan'],
    ['/counter-offer/decline', 'declined', 'You declined the new plan'],
  ] as const) {
    app.post(path, customer, async (c) => {
      const { ticketNumber } = await jsonBody(c, counterOfferAnswerSchema);
      await answerCounterOffer(c.var.deps, currentUser(c), ticketNumber, answer);
      return ok(c, message, { ticketNumber, answer });
    });
  }
  return app;
}
