import {
  formatSerialNo,
  listQuerySchema,
  penceToPounds,
  poundsToPence,
  updatePerCreditPriceSchema,
  updateUserCreditsSchema,
} from '@ecu/shared';
import { and, desc, eq, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser, getUserById, toUserDto } from '../accounts';
import { recordAudit } from '../admin';
import type { Db, Tx } from '../db/client';
import { withCustomPlans } from '../db/prepared';
import { payments, users } from '../db/schema';
import { badRequest, notFound, said } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { idempotent } from '../http/idempotency';
import { int4FromDigits } from '../http/int4';
import { containsPattern } from '../http/search-pattern';
import { isUuid } from '../http/uuid';
import { jsonBody, parseWith } from '../http/validate';
import { getPaymentEvidence } from './evidence-queries';
import { applyCreditChange, InsufficientCreditsError } from './ledger';
import { toTransactionDto } from './transaction-dto';

/** Admin credits desk (mounted under /api/admin behind the admin gate). */
export function adminCreditRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/getAllTransactionHistory', async (c) => {
    const { limit, cursor, q } = parseWith(listQuerySchema, c.req.query());
    const before = int4FromDigits(cursor);
    const serial = int4FromDigits(q?.match(/^(?:sn-?)?0*(\d+)$/i)?.[1]);
    const like = q ? containsPattern(q) : undefined;
    const search = like
      ? or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(payments.status, like.slice(1)),
          serial ? eq(payments.serialNo, serial) : undefined,
        )
      : undefined;
    const pageOf = (db: Db | Tx) =>
      db
        .select({ payment: payments, payer: users })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(and(before ? lt(payments.serialNo, before) : undefined, search))
        .orderBy(desc(payments.serialNo))
        .limit(limit + 1);
    // A search runs with a plan made for its own pattern (see withCustomPlans).
    const rows = search ? await withCustomPlans(c.var.deps.db, pageOf) : await pageOf(c.var.deps.db);
    const page = rows.slice(0, limit);
    return c.json({
      success: true,
      message: 'Transactions',
      data: page.map((r) => toTransactionDto(r.payment, r.payer)),
      nextCursor: rows.length > limit ? String(page.at(-1)!.payment.serialNo) : null,
    });
  });

  // Chargeback evidence: one PDF per payment (docs/product.md#9-the-admin-desk); admins only.
  app.get('/payments/:paymentId/evidence.pdf', async (c) => {
    const paymentId = c.req.param('paymentId');
    if (!isUuid(paymentId)) throw badRequest('Not a payment id');
    const evidence = await getPaymentEvidence(c.var.deps.db, paymentId);
    if (!evidence) throw notFound(said('error.paymentNotFound'));
    // pdfkit (and its fonts) loads on the first PDF, not at every start.
    const { renderEvidencePdf } = await import('./evidence-pdf');
    const pdf = await renderEvidencePdf(evidence, new Date());
    const name = `evidence-${formatSerialNo(evidence.payment.serialNo)}.pdf`;
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  // The desk's buttons send an Idempotency-Key per click: a double click is one change.
  app.put('/updateUserCredits', idempotent(), async (c) => {
    const input = await jsonBody(c, updateUserCreditsSchema);
    const { db } = c.var.deps;
    const admin = currentUser(c);
    const target = await getUserById(db, input.userId);
    if (!target || target.deletedAt) throw notFound('User not found');
    const note = input.note ?? null;
    try {
      // The ledger entry and the audit row commit together (applyCreditChange runs in a savepoint).
      await db.transaction(async (tx) => {
        const change = await applyCreditChange(tx, {
          userId: target.id,
          actorId: admin.id,
          kind: input.credits === 'reset' ? 'admin_reset' : 'admin_adjustment',
          delta: input.credits === 'reset' ? 0 : input.credits,
          reference: `admin:${admin.id}`,
          note,
        });
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'user.credits',
          targetType: 'user',
          targetId: target.id,
          before: { credits: change.balanceAfter - change.delta },
          after: { credits: change.balanceAfter, delta: change.delta, note },
        });
      });
    } catch (err) {
      if (err instanceof InsufficientCreditsError) throw badRequest('The balance cannot go below zero');
      throw err;
    }
    const fresh = await getUserById(db, target.id);
    return c.json({ success: true, message: 'Credits updated', data: toUserDto(fresh!) });
  });

  app.put('/updatePerCreditPrice', idempotent(), async (c) => {
    const input = await jsonBody(c, updatePerCreditPriceSchema);
    const admin = currentUser(c);
    const row = await c.var.deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ pence: users.perCreditPricePence })
        .from(users)
        .where(and(eq(users.id, input.userId), isNull(users.deletedAt)))
        .for('update');
      if (!before) throw notFound('User not found');
      const [updated] = await tx
        .update(users)
        .set({ perCreditPricePence: poundsToPence(input.creditPrice), updatedAt: sql`now()` })
        .where(eq(users.id, input.userId))
        .returning();
      if (updated!.perCreditPricePence !== before.pence) {
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'user.price',
          targetType: 'user',
          targetId: input.userId,
          before: { perCreditPrice: penceToPounds(before.pence) },
          after: { perCreditPrice: penceToPounds(updated!.perCreditPricePence) },
        });
      }
      return updated!;
    });
    return c.json({ success: true, message: 'Credit price updated!', data: toUserDto(row) });
  });

  return app;
}
