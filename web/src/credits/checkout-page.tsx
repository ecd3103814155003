import {
  type CreditPackage,
  createPaymentSchema,
  formatGBP,
  type PackageQuote,
  penceToPounds,
  type UserDto,
} from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { refreshAuthUser } from '../accounts';
import { type PublicConfig, usePublicConfig } from '../app/public-config';
import { useFormatLocale } from '../i18n';
import { ApiError } from '../local/api-client';
import { isOnline } from '../local/connectivity';
import { localDb, setAuthUser } from '../local/db';
import { pullAfterWrite } from '../local/sync-engine';
import { useOnline } from '../local/use-online';
import { Field } from '../ui/field';
import { type ConfirmPaymentResult, type CreatePaymentResult, creditsApi } from './api';
import { CardBrands } from './card-brands';
import { CheckoutAttempt } from './checkout-attempt';
import { OrderTotals } from './order-totals';
import { checkoutPackage, packageLabel, quoteForUser } from './package-order';
import { PAYMENT_TEXT, paymentFailureMessage } from './payment-errors';
import { useCustomer } from './use-customer';
import { useStripeCard } from './use-stripe-card';

/** Stripe's test payment methods, which the sandbox understands (docs/product.md#6-credits-and-payments). */
const TEST_CARDS: readonly { sourceId: string; label: MessageDescriptor }[] = [
  { sourceId: 'pm_card_visa', label: msg`Visa •••• 4242 (succeeds)` },
  { sourceId: 'pm_card_chargeDeclined', label: msg`Visa •••• 0002 (declined)` },
];

type PaymentMethod = 'card' | 'google-pay';

/** /checkout (docs/product.md#6-credits-and-payments): pay for the package chosen on Order Details. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const user = useCustomer();
  const config = usePublicConfig();
  // Until the server has said which payments mode it runs, the card form waits (a first visit
  // must not offer sandbox test cards against a live provider).
  const configKnown = useLiveQuery(async () => Boolean(await localDb.meta.get('publicConfig')), [], false);
  const pkg = checkoutPackage(params.get('package'), location.state);

  if (!pkg) return <Navigate to="/buy-credits" replace />;
  if (!user) {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }
  return (
    <Checkout
      key={`${user._id}:${pkg.id}`}
      pkg={pkg}
      user={user}
      payments={configKnown ? config.payments : null}
    />
  );
}

function Checkout({
  pkg,
  user,
  payments,
}: {
  pkg: CreditPackage;
  user: UserDto;
  /** null while the payments mode is not known yet. */
  payments: PublicConfig['payments'] | null;
}) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const navigate = useNavigate();
  const online = useOnline();
  const ids = useId();
  const sandbox = payments?.mode === 'sandbox';
  const publishableKey = payments?.mode === 'stripe' ? payments.publishableKey : null;
  const stripeCard = useStripeCard(publishableKey, online);

  const [method, setMethod] = useState<PaymentMethod>('card');
  const [email, setEmail] = useState(user.email ?? '');
  const [cardHolderName, setCardHolderName] = useState('');
  const [testCard, setTestCard] = useState<string>(TEST_CARDS[0]?.sourceId ?? '');
  const [processing, setProcessing] = useState(false);
  // One key and one body per checkout attempt, kept while the page is open: a double submit
  // or a retry after a lost answer is one charge on the server.
  const [attempt] = useState(() => new CheckoutAttempt());
  const busy = useRef(false);

  // The price of the page is always quoted again here; the server checks it to the penny.
  const quote = quoteForUser(pkg, user);
  const total = penceToPounds(quote.totalPence);

  const cardStatus = !payments
    ? 'loading'
    : sandbox
      ? 'ready'
      : publishableKey
        ? stripeCard.status
        : 'unavailable';
  const cardLoading = cardStatus === 'loading';

  useEffect(() => {
    if (cardStatus === 'unavailable') toast.error(PAYMENT_TEXT.cardFormUnavailable);
  }, [cardStatus]);

  async function finish(data: ConfirmPaymentResult | CreatePaymentResult) {
    toast.success(PAYMENT_TEXT.success);
    // The payment lands through the sync feed (docs/decisions/044-one-writer.md).
    await pullAfterWrite();
    // The fresh user carries the new balance: the sidebar's credits grow at once.
    if (data.user) await setAuthUser(data.user);
    else await refreshAuthUser();
    navigate('/dashboard', { replace: true });
  }

  async function pay(sourceId: () => Promise<string>) {
    const input = await attempt.body(async () =>
      createPaymentSchema.parse({
        sourceId: await sourceId(),
        amount: total,
        email,
        cardHolderName,
        packageId: pkg.id,
      }),
    );
    const { data } = await creditsApi.createPayment(input, attempt.key);
    if (data.status === 'completed') return finish(data);
    if (data.status === 'requires_action') {
      try {
        await stripeCard.handleNextAction(data.clientSecret);
      } catch (err) {
        // The bank step failed or was cancelled: the next attempt is a new payment.
        attempt.restart();
        throw err;
      }
      const confirmed = await creditsApi.confirmPayment(data.transaction._id);
      return finish(confirmed.data);
    }
    // Accepted but not settled yet: the provider's webhook credits it; the row shows Pending.
    await pullAfterWrite();
    toast.info(t`Your payment is being confirmed. The credits appear as soon as it completes.`);
    navigate('/transactions', { replace: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    if (method !== 'card') {
      toast.error(PAYMENT_TEXT.methodUnavailable);
      return;
    }
    if (!email.trim() || !cardHolderName.trim()) {
      toast.error(PAYMENT_TEXT.required);
      return;
    }
    const checked = createPaymentSchema
      .pick({ email: true, cardHolderName: true })
      .safeParse({ email, cardHolderName });
    if (!checked.success) {
      toast.error(checked.error.issues[0]?.message ?? PAYMENT_TEXT.required);
      return;
    }
    if (!isOnline()) {
      toast.error(PAYMENT_TEXT.offline);
      return;
    }
    if (cardStatus !== 'ready') {
      toast.error(PAYMENT_TEXT.cardNotReady);
      return;
    }

    busy.current = true;
    setProcessing(true);
    try {
      // The card is tokenized once per attempt: a retry resends the body it sent before.
      await pay(async () =>
        sandbox
          ? testCard
          : stripeCard.createPaymentMethod({
              name: checked.data.cardHolderName,
              email: checked.data.email,
            }),
      );
    } catch (err) {
      toast.error(paymentFailureMessage(err));
      attempt.failed(err);
      // A changed per-credit price: fetch it, so the page shows what the server charges.
      if (err instanceof ApiError && (err.code === 'validation_failed' || err.code === 'bad_request'))
        refreshAuthUser();
      // A refused payment is on record: show it on My Transactions.
      if (err instanceof ApiError && err.code === 'payment_declined') void pullAfterWrite();
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }

  const disabled = processing || cardLoading;

  return (
    <div className="stack credits-page">
      <div className="page-header">
        <div className="breadcrumb">
          <Link to="/buy-credits">
            <Trans>Buy Credits</Trans>
          </Link>{' '}
          <span aria-hidden="true" className="dir-icon">
            &rsaquo;
          </span>{' '}
          <Trans>Order Details</Trans>{' '}
          <span aria-hidden="true" className="dir-icon">
            &rsaquo;
          </span>{' '}
          <Trans>Checkout</Trans>
        </div>
        <h1>
          <Trans>Checkout</Trans>
        </h1>
        <p>
          <Trans>Pay by card. Your credits are added as soon as the payment succeeds.</Trans>
        </p>
      </div>

      {!online && (
        <div className="notice notice-warn" role="status">
          <Trans>
            You are offline. Paying needs a connection; nothing is queued or charged while you are offline.
          </Trans>
        </div>
      )}

      <div className="checkout-layout">
        <form className="card checkout-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-pay`}>
          <h2 id={`${ids}-pay`}>
            <Trans>Payment details</Trans>
          </h2>
          {sandbox && (
            <div className="test-mode-banner" role="note">
              <strong>
                <Trans>Test mode: no real charge</Trans>
              </strong>
              <span>
                <Trans>Payments run in the built-in sandbox. Pick a test card below to try a purchase.</Trans>
              </span>
            </div>
          )}

          <fieldset className="checkout-fields" disabled={disabled}>
            <fieldset className="pay-methods">
              <legend>
                <Trans>Payment method</Trans>
              </legend>
              <label className={`pay-method${method === 'card' ? ' selected' : ''}`}>
                <input
                  type="radio"
                  name="payment-method"
                  value="card"
                  checked={method === 'card'}
                  onChange={() => setMethod('card')}
                />
                <span className="pay-method-name">
                  <Trans>Card</Trans>
                </span>
                <CardBrands />
              </label>
              <label className="pay-method unavailable">
                <input
                  type="radio"
                  name="payment-method"
                  value="google-pay"
                  checked={method === 'google-pay'}
                  onChange={() => setMethod('google-pay')}
                  disabled
                />
                <span className="pay-method-name">Google Pay</span>
                <span className="muted">
                  <Trans>Not available</Trans>
                </span>
              </label>
            </fieldset>

            <Field id={`${ids}-email`} label={t`Email`} starred>
              <input
                id={`${ids}-email`}
                type="email"
                className="input"
                autoComplete="email"
                aria-required="true"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Field id={`${ids}-holder`} label={t`Card holder name`} starred>
              <input
                id={`${ids}-holder`}
                type="text"
                className="input"
                autoComplete="cc-name"
                placeholder={t`Name as printed on the card`}
                aria-required="true"
                value={cardHolderName}
                onChange={(e) => setCardHolderName(e.target.value)}
              />
            </Field>

            {!payments ? (
              <p className="muted card-form-status" aria-busy="true">
                {online ? t`Loading card form...` : t`The card form loads when you are back online.`}
              </p>
            ) : sandbox ? (
              <Field id={`${ids}-test-card`} label={t`Test card`}>
                <select
                  id={`${ids}-test-card`}
                  className="select"
                  value={testCard}
                  onChange={(e) => setTestCard(e.target.value)}
                >
                  {TEST_CARDS.map((c) => (
                    <option key={c.sourceId} value={c.sourceId}>
                      {i18n._(c.label)}
                    </option>
                  ))}
                </select>
              </Field>
            ) : (
              <div className="field">
                <span className="field-label">
                  <Trans>Card details</Trans>
                </span>
                <div ref={stripeCard.mountRef} className="input stripe-card" />
                {cardStatus !== 'ready' && (
                  <CardFormStatusText status={cardStatus} online={online} onRetry={stripeCard.retry} />
                )}
              </div>
            )}
          </fieldset>

          <button type="submit" className="btn btn-block btn-pay" disabled={disabled || !online}>
            {processing ? t`Processing...` : t`Pay ${formatGBP(total, locale)}`}
          </button>
          <p className="secure-note muted">
            {sandbox
              ? t`No card is charged in test mode.`
              : t`Card details go straight to our payment provider, Stripe; they never reach our servers.`}
          </p>
        </form>

        <OrderSummary pkg={pkg} quote={quote} />
      </div>
    </div>
  );
}

function CardFormStatusText({
  status,
  online,
  onRetry,
}: {
  status: 'idle' | 'loading' | 'unavailable';
  online: boolean;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  if (status === 'unavailable') {
    return (
      <div className="notice notice-error notice-row" role="alert">
        <span>{PAYMENT_TEXT.cardFormUnavailable}</span>
        <button type="button" className="btn btn-secondary" onClick={onRetry} disabled={!online}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return (
    <p className="muted card-form-status" aria-busy="true">
      {online ? t`Loading card form...` : t`The card form loads when you are back online.`}
    </p>
  );
}

function OrderSummary({ pkg, quote }: { pkg: CreditPackage; quote: PackageQuote }) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const percent = pkg.discountPercent;
  return (
    <aside className="card checkout-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">
        <Trans>Order summary</Trans>
      </h2>
      <div className="summary-item">
        <div>
          <strong>{packageLabel(pkg, i18n)}</strong>
          <span className="muted">{percent ? t`${percent}% package discount` : t`Credit package`}</span>
        </div>
        <span>{formatGBP(penceToPounds(quote.subtotalPence), locale)}</span>
      </div>
      <OrderTotals quote={quote} totalLabel={t`Total`} />
      <Link to={`/order-details?package=${encodeURIComponent(pkg.id)}`} state={{ package: pkg }}>
        <Trans>Back to order details</Trans>
      </Link>
    </aside>
  );
}
