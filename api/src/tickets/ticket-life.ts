import { asLocale, type DtcCodeDto, removedDtcCodes } from '@ecu/shared';
import { serverMessages, type Translate } from '@ecu/shared/i18n/server-messages';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { applyCreditChange, InsufficientCreditsError } from '../credits';
import type { Tx } from '../db/client';
import { type TICKET_STATUSES, ticketEvents, ticketFiles, tickets, users } from '../db/schema';
import { notFound, said } from '../http/app-error';
import type { AppDeps, UserRow } from '../http/context';
import { queueMail } from '../platform/mail';
import { ticketStatusMail } from './mail-templates';
import { signedDownloadUrl } from './signed-url';

export type TicketStatus = (typeof TICKET_STATUSES)[number];

export interface Eligibility {
  eligible: boolean;
  message: string;
  url?: string;
  charged?: boolean;
}

/**
 * The tuned file may be downloaded when the ticket is Unlocked and has one
 * (docs/product.md#8-downloads-and-unlocking). The first eligible call charges creditsNeed
 * through the ledger; the ticket row lock makes 20 parallel calls charge once. Later calls
 * are free. The URL is signed and short-lived.
 */
export async function checkDownloadEligibility(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: UserRow,
  ticketNumber: number,
  t: Translate = serverMessages('en'),
): Promise<Eligibility> {
  const { db, config } = deps;
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.ticketNumber, ticketNumber), eq(tickets.userId, user.id)))
      .for('update');
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    if (ticket.status !== 'Unlocked') {
      return { eligible: false, message: t('error.download.notEligible') };
    }
    const [tuned] = await tx
      .select()
      .from(ticketFiles)
      .where(and(eq(ticketFiles.ticketId, ticket.id), eq(ticketFiles.kind, 'tuned')))
      .orderBy(sql`${ticketFiles.createdAt} desc`)
      .limit(1);
    if (!tuned) return { eligible: false, message: t('error.download.unavailable') };

    let charged = false;
    const owes = ticket.chargedAt === null || ticket.refundedAt !== null;
    if (owes && ticket.creditsNeed > 0) {
      try {
        await applyCreditChange(tx, {
          userId: user.id,
          actorId: user.id,
          kind: 'download_charge',
          delta: -ticket.creditsNeed,
          reference: `ticket:${ticket.ticketNumber}`,
          note: `Tuned file of ticket ${ticket.ticketNumber}`,
        });
      } catch (err) {
        if (err instanceof InsufficientCreditsError) {
          const missing = ticket.creditsNeed - err.balance;
          return {
            eligible: false,
            message: t('error.download.needCredits', {
              missing: String(missing),
              missingCount: missing,
              cost: String(ticket.creditsNeed),
              balance: String(err.balance),
            }),
          };
        }
        throw err;
      }
      charged = true;
    }
    if (owes) {
      await tx
        .update(tickets)
        .set({ chargedAt: sql`now()`, refundedAt: null, updatedAt: sql`now()` })
        .where(eq(tickets.id, ticket.id));
      await tx.insert(ticketEvents).values({
        ticketId: ticket.id,
        kind: 'charged',
        actorId: user.id,
        detail: { credits: ticket.creditsNeed },
      });
    }
    return {
      eligible: true,
      charged,
      message: 'Download started...',
      url: signedDownloadUrl(config.authSecret, tuned.id, user.id),
    };
  });
}

/**
 * The owner's e-mail and pushes for a ticket that became Unlocked or Failed, queued in the
 * transaction of the change: they exist exactly when it commits
 * (docs/decisions/070-durable-jobs.md). `note`: a further line for the e-mail.
 */
export async function queueStatusMessages(
  deps: Pick<AppDeps, 'config' | 'jobs' | 'notifications'>,
  tx: Tx,
  change: {
    ticket: { userId: string; ticketNumber: number; dtcCodes?: DtcCodeDto[] };
    status: 'Unlocked' | 'Failed';
    eventId: string;
    note?: string;
  },
): Promise<void> {
  const { ticket, status, eventId, note } = change;
  const [owner] = await tx.select().from(users).where(eq(users.id, ticket.userId));
  const mail =
    owner && !owner.deletedAt
      ? ticketStatusMail(
          owner.email,
          ticket.ticketNumber,
          status,
          `${deps.config.appUrl}/ticket-details/${ticket.ticketNumber}`,
          note,
          removedDtcCodes(ticket.dtcCodes),
          asLocale(owner.locale),
        )
      : null;
  if (owner && mail)
    await queueMail(deps.jobs, mail, {
      key: `ticket-status:${eventId}`,
      userId: owner.id,
      label: `Ticket ${ticket.ticketNumber} ${status === 'Unlocked' ? 'is ready' : 'failed'}`,
      tx,
    });
  await deps.notifications.queue(
    { kind: 'ticketStatus', ownerId: ticket.userId, ticketNumber: ticket.ticketNumber, status },
    { key: `ticket-status:${eventId}`, tx },
  );
}

/**
 * An admin sets any status (no transition rules). Failed after a charge refunds the credits
 * once. The owner is e-mailed when the ticket becomes Unlocked or Failed.
 */
export async function setTicketStatus(
  deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'notifications'>,
  admin: UserRow,
  ticketId: string,
  status: TicketStatus,
): Promise<{ changed: boolean; refunded: boolean }> {
  const { db } = deps;
  const result = await db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    if (ticket.status === status) return { changed: false, refunded: false, ticket };
    await tx.update(tickets).set({ status, updatedAt: sql`now()` }).where(eq(tickets.id, ticket.id));
    const [event] = await tx
      .insert(ticketEvents)
      .values({
        ticketId: ticket.id,
        kind: 'status_changed',
        actorId: admin.id,
        detail: { from: ticket.status, to: status },
      })
      .returning({ id: ticketEvents.id });
    if (!event) throw new Error('The status change was not recorded');
    let refunded = false;
    if (status === 'Failed') {
      const [due] = await tx
        .update(tickets)
        .set({ refundedAt: sql`now()` })
        .where(and(eq(tickets.id, ticket.id), isNotNull(tickets.chargedAt), isNull(tickets.refundedAt)))
        .returning();
      if (due && due.creditsNeed > 0) {
        await applyCreditChange(tx, {
          userId: ticket.userId,
          actorId: admin.id,
          kind: 'refund',
          delta: ticket.creditsNeed,
          reference: `ticket:${ticket.ticketNumber}`,
          note: `Refund: ticket ${ticket.ticketNumber} failed`,
        });
        await tx.insert(ticketEvents).values({
          ticketId: ticket.id,
          kind: 'refunded',
          actorId: admin.id,
          detail: { credits: ticket.creditsNeed },
        });
        refunded = true;
      }
    }
    if (status === 'Unlocked' || status === 'Failed')
      await queueStatusMessages(deps, tx, { ticket, status, eventId: event.id });
    return { changed: true, refunded, ticket };
  });
  return { changed: result.changed, refunded: result.refunded };
}
