import type { CounterOfferDto } from '@ecu/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { useDomainName } from '../../i18n';
import { apiRequest, messageOf } from '../../local/api-client';
import { priceDifferenceText } from '../common/texts';
import './counter-offer.css';

export const counterOfferApi = {
  answer: (ticketNumber: number, answer: 'accept' | 'decline') =>
    apiRequest<{ ticketNumber: number; answer: string }>('POST', `/ecuFile/counter-offer/${answer}`, {
      ticketNumber,
    }),
};

/**
 * An engineer's proposed plan waiting for the customer's answer (docs/decisions/091-counter-offers.md):
 * the plan, the difference in credits and the message, with Accept and Decline. Sent straight to
 * the server, as a rating is; offline the buttons wait for the connection.
 */
export function CounterOfferCard({
  ticketNumber,
  offer,
  currentPrice,
  online,
  onAnswered,
}: {
  ticketNumber: number;
  offer: CounterOfferDto;
  currentPrice: number;
  online: boolean;
  onAnswered: () => void;
}) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const after = Math.max(0, currentPrice + offer.priceDifference);
  const { t, i18n } = useLingui();
  const name = useDomainName();
  const difference = priceDifferenceText(i18n, offer.priceDifference);

  async function answer(which: 'accept' | 'decline') {
    setBusy(true);
    setError(null);
    try {
      const { message } = await counterOfferApi.answer(ticketNumber, which);
      toast.success(message);
      onAnswered();
    } catch (err) {
      setError(messageOf(err, t`Your answer was not sent. Please try again.`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card ticket-card counter-offer" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>A different plan is proposed</Trans>
      </h2>
      <p className="muted">
        <Trans>The ticket waits for your answer.</Trans>
      </p>
      <dl className="ticket-facts">
        <div className="ticket-fact">
          <dt>
            <Trans>Stage</Trans>
          </dt>
          <dd>{name(offer.stage)}</dd>
        </div>
        <div className="ticket-fact">
          <dt>
            <Trans>Price</Trans>
          </dt>
          <dd>
            {difference} (
            <Plural value={after} one="# credit in all" other="# credits in all" />)
          </dd>
        </div>
        <div className="ticket-fact is-wide">
          <dt>
            <Trans>Solutions</Trans>
          </dt>
          <dd>
            {offer.options.length === 0 ? (
              t`None`
            ) : (
              <ul className="ticket-chips" aria-label={t`Proposed solutions`}>
                {offer.options.map((o) => (
                  <li key={o} className="ticket-chip">
                    {o}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <blockquote className="counter-offer-message">{offer.message}</blockquote>
      {error && (
        <p className="status-failed" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions counter-offer-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !online}
          aria-label={t`Accept the proposed plan for ticket ${ticketNumber}`}
          onClick={() => void answer('accept')}
        >
          <Trans>Accept</Trans>
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || !online}
          aria-label={t`Decline the proposed plan for ticket ${ticketNumber}`}
          onClick={() => void answer('decline')}
        >
          <Trans>Decline</Trans>
        </button>
      </div>
      {!online && (
        <p className="muted">
          <Trans>You can answer once you are back online.</Trans>
        </p>
      )}
    </section>
  );
}
