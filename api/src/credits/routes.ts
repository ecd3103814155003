import {
  confirmPaymentSchema,
  createPaymentSchema,
  creditHistoryQuerySchema,
  formatSerialNo,
} from '@ecu/shared';
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser, getUserById, requireAccount, toUserDto } from '../accounts';
import { payments } from '../db/schema';
import { AppError, badRequest, notFound, said } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { idempotent } from '../http/idempotency';
import { isUuid } from '../http/uuid';
import { jsonBody, parseWith } from '../http/validate';
import { companyOf, getSettings } from '../settings';
import { creditHistoryPage } from './credit-history';
import { createPayment } from './payments/create-payment';
import { WebhookSignatureError } from './payments/provider';
import { applyPaymentEvent, completePayment } from './payments/service';
import { toTransactionDto } from './transaction-dto';

function providerOf(c: { var: AppEnv['Variables'] }) {
  const provider = c.var.deps.payments;
  if (!provider) throw new AppError('unavailable', said('error.paymentsUnavailable'));
  return provider;
}

/** The /payment/* calls (docs/product.md#13-the-http-api), the provider webhook and the VAT invoice. */
export function paymentRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/create-payment', requireAccount({ role: 'user' }), idempotent(), async (c) => {
    const input = await jsonBody(c, createPaymentSchema);
    const { db, logger } = c.var.deps;
    const user = currentUser(c);
    const outcome = await createPayment(
      { db, logger, provider: providerOf(c) },
      { user, input, idempotencyKey: c.req.header('idempotency-key') },
    );
    const fresh = await getUserById(db, user.id);
    const data = {
      status: outcome.status,
      transaction: toTransactionDto(outcome.payment),
      user: fresh ? toUserDto(fresh) : null,
      ...(outcome.status === 'requires_action' ? { clientSecret: outcome.clientSecret } : {}),
    };
    if (outcome.status === 'requires_action') return ok(c, 'Confirm the payment with your bank', data, 202);
    return ok(c, 'Payment Successful', data);
  });

  app.post('/confirm-payment', requireAccount({ role: 'user' }), async (c) => {
    const { paymentId } = await jsonBody(c, confirmPaymentSchema);
    const { db } = c.var.deps;
    const user = currentUser(c);
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, user.id)));
    if (!payment) throw notFound(said('error.paymentNotFound'));
    if (payment.status === 'Completed' || !payment.providerPaymentId) {
      return ok(c, payment.status === 'Completed' ? 'Payment Successful' : 'Payment Failed', {
        transaction: toTransactionDto(payment),
      });
    }
    // Stripe unreachable, or a state we never ask for: the payment stays as it is (the
    // webhook settles it) and the buyer may ask again.
    const now = await providerOf(c)
      .retrieve(payment.providerPaymentId)
      .catch((err) => {
        c.var.deps.logger.warn(`Payment ${paymentId}: the provider could not be asked`, err);
        throw new AppError(
          'bad_gateway',
          'The payment provider could not be reached. Please try again shortly.',
        );
      });
    if (now.status === 'succeeded' && now.amountPence === payment.amountPence) {
      const done = await completePayment(db, { paymentId, providerPaymentId: payment.providerPaymentId });
      const fresh = await getUserById(db, user.id);
      return ok(c, 'Payment Successful', {
        transaction: toTransactionDto(done),
        user: fresh ? toUserDto(fresh) : null,
      });
    }
    if (now.status === 'failed') throw new AppError('payment_declined', now.message);
    throw new AppError('payment_pending', 'The payment is still waiting for your bank’s confirmation');
  });

  app.post('/webhook', async (c) => {
    const { db, logger } = c.var.deps;
    const raw = await c.req.text();
    let event: ReturnType<ReturnType<typeof providerOf>['parseWebhook']>;
    try {
      event = providerOf(c).parseWebhook(raw, c.req.header('stripe-signature'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest('Invalid webhook signature');
      throw err;
    }
    await applyPaymentEvent(db, logger, event);
    return ok(c, 'Received', null);
  });

  app.get('/payment-history', requireAccount({ role: 'user' }), async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(payments)
      .where(eq(payments.userId, currentUser(c).id))
      .orderBy(desc(payments.serialNo));
    return ok(
      c,
      'Payment history',
      rows.map((p) => toTransactionDto(p)),
    );
  });

  // My Transactions' credit history: only ever the caller's own ledger, whatever the query says.
  app.get('/credit-history', requireAccount({ role: 'user' }), async (c) => {
    const { limit, cursor } = parseWith(creditHistoryQuerySchema, c.req.query());
    const { rows, nextCursor } = await creditHistoryPage(c.var.deps.db, {
      userId: currentUser(c).id,
      limit,
      cursor,
    });
    return c.json({ success: true, message: 'Credit history', data: rows, nextCursor });
  });

  app.get('/invoice/:paymentId', requireAccount(), async (c) => {
    const { db, config, logger } = c.var.deps;
    const user = currentUser(c);
    const paymentId = c.req.param('paymentId');
    if (!isUuid(paymentId)) throw notFound(said('error.invoiceNotFound'));
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    // Never reveal another user's payment: the same 404 as for a missing one.
    if (!payment || (payment.userId !== user.id && user.role !== 'admin') || payment.status !== 'Completed') {
      throw notFound(said('error.invoiceNotFound'));
    }
    const buyer = payment.userId === user.id ? user : await getUserById(db, payment.userId);
    const company = companyOf(await getSettings(db, config, logger));
    // pdfkit (and its fonts) loads on the first invoice, not at every start.
    const { renderInvoicePdf } = await import('./invoice-pdf');
    const pdf = await renderInvoicePdf({ payment, buyer: buyer!, company });
    const name = `invoice-${formatSerialNo(payment.serialNo)}.pdf`;
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  return app;
}
