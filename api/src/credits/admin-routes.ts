import {
  listQuerySchema,
  poundsToPence,
  updatePerCreditPriceSchema,
  updateUserCreditsSchema,
} from '@ecu/shared';
import { and, desc, eq, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser } from '../accounts/gates';
import { getUserById } from '../accounts/queries';
import { toUserDto } from '../accounts/user-dto';
import type { AppEnv } from '../app/context';
import { payments, users } from '../db/schema';
import { badRequest, notFound } from '../http/app-error';
import { int4FromDigits } from '../http/int4';
import { timeIdCursor } from '../http/list-cursor';
import { containsPattern } from '../http/search-pattern';
import { jsonBody, parseWith } from '../http/validate';
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
    const rows = await c.var.deps.db
      .select({ payment: payments, payer: users })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(before ? lt(payments.serialNo, before) : undefined, search))
      .orderBy(desc(payments.serialNo))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return c.json({
      success: true,
      message: 'Transactions',
      data: page.map((r) => toTransactionDto(r.payment, r.payer)),
      nextCursor: rows.length > limit ? String(page.at(-1)!.payment.serialNo) : null,
    });
  });

  app.get('/getAllUsers', async (c) => {
    const { limit, cursor, q } = parseWith(listQuerySchema, c.req.query());
    // Cursor: the last row's join time and id, newest first.
    const after = timeIdCursor(cursor);
    // The cursor holds JavaScript's milliseconds, the column microseconds: compare and order at
    // millisecond precision (then by id), or accounts created in the same millisecond are skipped.
    const joined = sql`date_trunc('milliseconds', ${users.createdAt})`;
    const like = q ? containsPattern(q) : undefined;
    const search = like
      ? or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(users.role, like),
        )
      : undefined;
    const rows = await c.var.deps.db
      .select()
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          search,
          after
            ? or(
                lt(joined, sql`${after.at.toISOString()}::timestamptz`),
                and(eq(joined, sql`${after.at.toISOString()}::timestamptz`), lt(users.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(joined), desc(users.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json({
      success: true,
      message: 'Users',
      data: page.map(toUserDto),
      nextCursor: rows.length > limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
    });
  });

  app.put('/updateUserCredits', async (c) => {
    const input = await jsonBody(c, updateUserCreditsSchema);
    const { db } = c.var.deps;
    const admin = currentUser(c);
    const target = await getUserById(db, input.userId);
    if (!target || target.deletedAt) throw notFound('User not found');
    try {
      await applyCreditChange(db, {
        userId: target.id,
        actorId: admin.id,
        kind: input.credits === 'reset' ? 'admin_reset' : 'admin_adjustment',
        delta: input.credits === 'reset' ? 0 : input.credits,
        reference: `admin:${admin.id}`,
        note: input.note ?? null,
      });
    } catch (err) {
      if (err instanceof InsufficientCreditsError) throw badRequest('The balance cannot go below zero');
      throw err;
    }
    const fresh = await getUserById(db, target.id);
    return c.json({ success: true, message: 'Credits updated', data: toUserDto(fresh!) });
  });

  app.put('/updatePerCreditPrice', async (c) => {
    const input = await jsonBody(c, updatePerCreditPriceSchema);
    const { db } = c.var.deps;
    const [row] = await db
      .update(users)
      .set({ perCreditPricePence: poundsToPence(input.creditPrice), updatedAt: sql`now()` })
      .where(and(eq(users.id, input.userId), isNull(users.deletedAt)))
      .returning();
    if (!row) throw notFound('User not found');
    return c.json({ success: true, message: 'Credit price updated!', data: toUserDto(row) });
  });

  return app;
}
