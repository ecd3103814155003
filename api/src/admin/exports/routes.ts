import { type CsvValue, dateRangeQuerySchema, formatSerialNo, toCsv } from '@ecu/shared';
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { currentUser } from '../../accounts';
import { payments, users } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { parseWith } from '../../http/validate';
import { getSettings } from '../../settings';
import { recordExport } from '../audit';
import { type DayRange, rangeBounds, resolveDateRange } from '../overview/date-range';

/** The most rows one export holds; a range with more is refused (choose a shorter one). */
export const EXPORT_ROW_LIMIT = 100_000;

/** Excel reads a CSV without a byte order mark as the local code page (Zoë becomes ZoÃ«). */
const UTF8_BOM = '\uFEFF';

const USER_HEADER = [
  'id',
  'first name',
  'last name',
  'email',
  'role',
  'country',
  'city',
  'credits',
  'per-credit price (GBP)',
  'money spent (GBP)',
  'files',
  'verified',
  'disabled',
  'joined (UTC)',
];

const TRANSACTION_HEADER = [
  'serial no',
  'date (UTC)',
  'user email',
  'name',
  'package',
  'credits',
  'subtotal (GBP)',
  'VAT (GBP)',
  'amount (GBP)',
  'status',
];

/** Pence as pounds with two decimals ('60.00'): money reads the same in every spreadsheet. */
function pounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

function yesNo(flag: boolean): string {
  return flag ? 'yes' : 'no';
}

async function rangeOf(c: Context<AppEnv>): Promise<DayRange> {
  const query = parseWith(dateRangeQuerySchema, c.req.query());
  const { db, config, logger } = c.var.deps;
  const { hours } = await getSettings(db, config, logger);
  return resolveDateRange(query, hours.timeZone);
}

function refuseOverLimit(rows: unknown[]) {
  if (rows.length > EXPORT_ROW_LIMIT) {
    const message = `An export holds at most ${EXPORT_ROW_LIMIT.toLocaleString('en-GB')} rows: choose a shorter range`;
    throw badRequest(message, [{ path: 'from', message }]);
  }
}

/** Written before the file is answered: an export that cannot be recorded is not given. */
function audited(c: Context<AppEnv>, what: 'users' | 'transactions', range: DayRange, rows: number) {
  return recordExport(c.var.deps.db, {
    actorId: currentUser(c).id,
    export: what,
    filter: { from: range.from, to: range.to },
    rows,
  });
}

function csvAnswer(c: Context<AppEnv>, name: string, range: DayRange, rows: CsvValue[][]) {
  return c.body(UTF8_BOM + toCsv(rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}-${range.from}-to-${range.to}.csv"`,
    'Cache-Control': 'private, no-store',
  });
}

/**
 * GET /api/admin/export/users.csv and /transactions.csv?from&to (behind the admin gate): days in
 * the business's time zone, both included; built in memory (at most 100,000 rows).
 */
export function exportRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/export/users.csv', async (c) => {
    const range = await rangeOf(c);
    const { start, end } = rangeBounds(range);
    const rows = await c.var.deps.db
      .select()
      .from(users)
      .where(and(isNull(users.deletedAt), gte(users.createdAt, start), lt(users.createdAt, end)))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(EXPORT_ROW_LIMIT + 1);
    refuseOverLimit(rows);
    await audited(c, 'users', range, rows.length);
    return csvAnswer(c, 'users', range, [
      USER_HEADER,
      ...rows.map((u) => [
        u.id,
        u.firstName,
        u.lastName,
        u.email,
        u.role,
        u.country,
        u.city,
        u.credits,
        pounds(u.perCreditPricePence),
        pounds(u.totalMoneySpentPence),
        u.totalFilesSubmitted,
        yesNo(u.emailVerified),
        yesNo(u.disabled),
        u.createdAt.toISOString(),
      ]),
    ]);
  });

  app.get('/export/transactions.csv', async (c) => {
    const range = await rangeOf(c);
    const { start, end } = rangeBounds(range);
    const rows = await c.var.deps.db
      .select({ payment: payments, payer: users })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(gte(payments.createdAt, start), lt(payments.createdAt, end)))
      .orderBy(asc(payments.createdAt), asc(payments.serialNo))
      .limit(EXPORT_ROW_LIMIT + 1);
    refuseOverLimit(rows);
    await audited(c, 'transactions', range, rows.length);
    return csvAnswer(c, 'transactions', range, [
      TRANSACTION_HEADER,
      ...rows.map(({ payment: p, payer }) => [
        formatSerialNo(p.serialNo),
        p.createdAt.toISOString(),
        payer.email,
        `${payer.firstName} ${payer.lastName}`.trim(),
        p.packageId,
        p.credits,
        pounds(p.subtotalPence),
        pounds(p.vatPence),
        pounds(p.amountPence),
        p.status,
      ]),
    ]);
  });

  return app;
}
