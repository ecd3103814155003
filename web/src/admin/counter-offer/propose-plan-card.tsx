import {
  COUNTER_OFFER_MESSAGE_MAX,
  type CounterOfferDto,
  counterOfferPriceDifference,
  counterOfferSchema,
  OPEN_TICKET_STATUSES,
  priceDifferenceLabel,
  SOLUTION_OPTIONS,
  STAGES,
  STAGES_WITHOUT_OPTIONS,
  type Stage,
  type TicketDto,
} from '@ecu/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { addValidationMessages, useDomainName, validationMessage } from '../../i18n';
import { apiRequest } from '../../local/api-client';
import { useAdminCommand } from '../use-admin-command';
import './counter-offer.css';

// The shared schema's messages (shared/src/tickets/counter-offers.ts) in the reader's language.
addValidationMessages([
  ['Write a message to the customer', msg`Write a message to the customer`],
  [
    `The message is at most ${COUNTER_OFFER_MESSAGE_MAX} characters`,
    msg`The message is at most ${COUNTER_OFFER_MESSAGE_MAX} characters`,
  ],
]);

export const counterOfferDeskApi = {
  propose: (body: { ticketNumber: number; stage: string; options: string[]; message: string }) =>
    apiRequest<CounterOfferDto>('POST', '/admin/tickets/counter-offer', body),
};

function planText(stage: string, options: readonly string[]): string {
  return options.length ? `${stage}: ${options.join(', ')}` : stage;
}

/**
 * 'Propose a different plan' on the desk's ticket page (docs/decisions/091-counter-offers.md):
 * stage, options and a message to the customer, with the price difference the server will
 * charge. While an offer is open the card shows it, waiting for the customer.
 */
export function ProposePlanCard({
  ticket,
  online,
  onProposed,
}: {
  ticket: TicketDto;
  online: boolean;
  onProposed: () => void;
}) {
  const { t } = useLingui();
  const name = useDomainName();
  const headingId = useId();
  const open = ticket.counterOffer ?? null;
  if (!open && !OPEN_TICKET_STATUSES.includes(ticket.status)) return null;
  return (
    <section className="card ticket-card counter-offer-desk" aria-labelledby={headingId}>
      <h2 id={headingId}>{open ? t`Awaiting customer` : t`Propose a different plan`}</h2>
      {open ? (
        <div data-testid="open-offer">
          <p>
            {t`Proposed ${planText(name(open.stage), open.options)} (${priceDifferenceLabel(open.priceDifference)}).`}
          </p>
          <blockquote className="counter-offer-message">{open.message}</blockquote>
          <p className="muted">
            <Trans>The working hours clock does not count while the customer decides.</Trans>
          </p>
        </div>
      ) : (
        <ProposeForm ticket={ticket} online={online} onProposed={onProposed} />
      )}
    </section>
  );
}

function ProposeForm({
  ticket,
  online,
  onProposed,
}: {
  ticket: TicketDto;
  online: boolean;
  onProposed: () => void;
}) {
  const { t } = useLingui();
  const name = useDomainName();
  const stageId = useId();
  const messageId = useId();
  const errorId = useId();
  const [stage, setStage] = useState<string>(ticket.stage);
  const [options, setOptions] = useState<string[]>(ticket.options);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const command = useAdminCommand({
    send: counterOfferDeskApi.propose,
    failure: t`The plan was not sent`,
    success: t`Sent`,
    onSuccess: () => {
      setMessage('');
      onProposed();
    },
  });
  const takesOptions = !STAGES_WITHOUT_OPTIONS.includes(stage as Stage);
  const chosen = takesOptions ? options : [];
  // The server prices with the ticket's Slave window too; without earlier tickets this is the same
  // unless the ticket is a Slave's further solution (docs/decisions/091-counter-offers.md).
  const difference = counterOfferPriceDifference(
    { make: ticket.make, masterSlave: ticket.masterSlave },
    { stage: ticket.stage, options: ticket.options },
    { stage, options: chosen },
  );

  function toggle(name: string, on: boolean) {
    setOptions((now) => (on ? [...now, name] : now.filter((o) => o !== name)));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = counterOfferSchema.safeParse({
      ticketNumber: ticket.ticketNumber,
      stage,
      options: chosen,
      message,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? validationMessage(issue) : t`Check the plan`);
      return;
    }
    setError(null);
    await command.run(parsed.data);
  }

  const off = !online || command.pending;
  const differenceText = priceDifferenceLabel(difference);
  const now = ticket.creditsNeed;
  const then = Math.max(0, ticket.creditsNeed + difference);
  return (
    <form className="counter-offer-form" onSubmit={submit} noValidate>
      <label htmlFor={stageId}>
        <Trans>Stage</Trans>
      </label>
      <select id={stageId} className="input" value={stage} onChange={(e) => setStage(e.target.value)}>
        {STAGES.map((s) => (
          <option key={s} value={s}>
            {name(s)}
          </option>
        ))}
      </select>
      <fieldset className="counter-offer-options" disabled={!takesOptions}>
        <legend>
          <Trans>Solutions</Trans>
        </legend>
        {takesOptions ? (
          SOLUTION_OPTIONS.map((o) => (
            <label key={o.id} className="counter-offer-option">
              <input
                type="checkbox"
                checked={options.includes(o.name)}
                onChange={(e) => toggle(o.name, e.target.checked)}
              />
              <span>{o.name}</span>
            </label>
          ))
        ) : (
          <p className="muted">
            <Trans>This stage takes no solutions.</Trans>
          </p>
        )}
      </fieldset>
      <label htmlFor={messageId}>
        <Trans>Message to the customer</Trans>
      </label>
      <textarea
        id={messageId}
        className="input"
        rows={3}
        maxLength={COUNTER_OFFER_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        aria-describedby={error ? errorId : undefined}
      />
      <p className="counter-offer-difference" aria-live="polite">
        <Trans>
          Price difference: <strong>{differenceText}</strong> (now {now}, then {then})
        </Trans>
      </p>
      {error && (
        <p id={errorId} className="status-failed" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={off}>
          <Trans>Send to the customer</Trans>
        </button>
      </div>
    </form>
  );
}
