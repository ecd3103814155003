import { type CounterOfferDto, priceDifferenceLabel } from '@ecu/shared';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { apiRequest, messageOf } from '../../local/api-client';
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

  async function answer(which: 'accept' | 'decline') {
    setBusy(true);
    setError(null);
    try {
      const { message } = await counterOfferApi.answer(ticketNumber, which);
      toast.success(message);
      onAnswered();
    } catch (err) {
      setError(messageOf(err, 'Your answer was not sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card ticket-card counter-offer" aria-labelledby={headingId}>
      <h2 id={headingId}>A different plan is proposed</h2>
      <p className="muted">The ticket waits for your answer.</p>
      <dl className="ticket-facts">
        <div className="ticket-fact">
          <dt>Stage</dt>
          <dd>{offer.stage}</dd>
        </div>
        <div className="ticket-fact">
          <dt>Price</dt>
          <dd>
            {priceDifferenceLabel(offer.priceDifference)} ({after} {after === 1 ? 'credit' : 'credits'} in
            all)
          </dd>
        </div>
        <div className="ticket-fact is-wide">
          <dt>Solutions</dt>
          <dd>
            {offer.options.length === 0 ? (
              'None'
            ) : (
              <ul className="ticket-chips" aria-label="Proposed solutions">
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
          aria-label={`Accept the proposed plan for ticket ${ticketNumber}`}
          onClick={() => void answer('accept')}
        >
          Accept
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || !online}
          aria-label={`Decline the proposed plan for ticket ${ticketNumber}`}
          onClick={() => void answer('decline')}
        >
          Decline
        </button>
      </div>
      {!online && <p className="muted">You can answer once you are back online.</p>}
    </section>
  );
}
