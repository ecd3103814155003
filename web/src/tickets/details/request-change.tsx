import { formatCredits, isLateRework, MASTER_SLAVE, SOLUTION_OPTIONS, STAGES, type Stage } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useDomainName, useFormatLocale } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { pullAfterWrite } from '../../local/sync-engine';
import type { TicketView } from '../common/api';
import { quoteLineText } from '../common/texts';
import { ChoicePills } from '../wizard/choice-pills';
import { planIssues, takesOptions } from '../wizard/wizard-state';
import {
  type ChangeValues,
  changeQuote,
  changeRequestBody,
  initialChange,
  requestChangeApi,
} from './change-request';

const NOTES_MAX = 2000;

/**
 * 'Request a change' on a delivered ticket (docs/decisions/040-revisions.md): a new plan on the
 * same vehicle and original file, priced before confirming with the rule the server applies.
 * Online only: the answer is the new ticket, which opens next.
 */
export function RequestChangeCard({ ticket, online }: { ticket: TicketView; online: boolean }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="card ticket-card change-request" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Request a change</Trans>
      </h2>
      {!open ? (
        <>
          <p className="muted">
            <Trans>
              Need something different? Ask for a revision of this file: same vehicle and original file, no
              re-upload.
            </Trans>
          </p>
          {!online && (
            <p className="notice notice-warn">
              <Trans>You are offline. Requesting a change needs a connection.</Trans>
            </p>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!online}
            onClick={() => setOpen(true)}
          >
            <Trans>Request a change</Trans>
          </button>
        </>
      ) : (
        <ChangeForm ticket={ticket} online={online} onCancel={() => setOpen(false)} />
      )}
    </section>
  );
}

function ChangeForm({
  ticket,
  online,
  onCancel,
}: {
  ticket: TicketView;
  online: boolean;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const name = useDomainName();
  const locale = useFormatLocale();
  const stageChoices = STAGES.map((s) => ({ value: s, label: name(s) }));
  const masterSlaveChoices = MASTER_SLAVE.map((m) => ({ value: m, label: name(m) }));
  const [values, setValues] = useState<ChangeValues>(() => initialChange(ticket));
  // One clientId per opened form: a repeated submit answers with the same revision.
  const [clientId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const optionsOn = values.stage !== '' && takesOptions(values.stage);
  const quote = changeQuote(ticket, values);
  const late = isLateRework(ticket.chainStartedAt ?? ticket.createdAt);

  function chooseStage(stage: Stage) {
    setValues((v) => ({ ...v, stage, options: takesOptions(stage) ? v.options : [] }));
    setError(null);
  }

  function toggleOption(name: string, on: boolean) {
    setValues((v) => {
      const chosen = on ? [...v.options, name] : v.options.filter((o) => o !== name);
      return { ...v, options: SOLUTION_OPTIONS.map((o) => o.name).filter((n) => chosen.includes(n)) };
    });
    setError(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const issue = planIssues(values)[0];
    if (issue) {
      setError(issue.message);
      toast.error(issue.message);
      return;
    }
    setBusy(true);
    try {
      const { data } = await requestChangeApi(changeRequestBody(ticket.ticketNumber, values, clientId));
      // The new ticket lands through the sync feed (docs/decisions/044-one-writer.md); offline
      // or slow, its page loads it from the server meanwhile.
      await pullAfterWrite();
      const number = data.ticketNumber;
      toast.success(t`Change requested: ticket #${number}`);
      navigate(`/ticket-details/${data.ticketNumber}`);
    } catch (err) {
      const text = messageOf(err, t`Failed to request the change`);
      setError(text);
      toast.error(text);
      setBusy(false);
    }
  }

  return (
    <form className="change-form" noValidate onSubmit={submit} aria-label={t`Request a change`}>
      <ChoicePills
        name="change-stage"
        legend={t`Stage`}
        required
        options={stageChoices}
        value={values.stage}
        onChange={chooseStage}
      />
      <ChoicePills
        name="change-master-slave"
        legend={t`Master / Slave`}
        options={masterSlaveChoices}
        value={values.masterSlave}
        onChange={(masterSlave) => setValues((v) => ({ ...v, masterSlave }))}
      />
      <fieldset className="wiz-options change-options" disabled={!optionsOn}>
        <legend>
          <Trans>Options</Trans>
        </legend>
        <div className="wiz-option-grid">
          {SOLUTION_OPTIONS.map((o) => {
            const checked = values.options.includes(o.name);
            return (
              <label key={o.id} className={`wiz-option${checked ? ' selected' : ''}`}>
                <input
                  type="checkbox"
                  name="change-options"
                  value={o.name}
                  checked={checked}
                  onChange={(e) => toggleOption(o.name, e.target.checked)}
                />
                <span className="wiz-option-name">{o.name}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <label className="change-notes">
        <span>
          <Trans>Notes (what should change)</Trans>
        </span>
        <textarea
          className="textarea"
          rows={3}
          maxLength={NOTES_MAX}
          value={values.notes}
          onChange={(e) => setValues((v) => ({ ...v, notes: e.target.value }))}
        />
      </label>
      {late && (
        <p className="notice notice-info">
          <Trans>This ticket was created more than 21 days ago: a rework costs 1 extra credit.</Trans>
        </p>
      )}
      {quote && (
        <table className="change-quote" aria-label={t`Price of the change`}>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={line.label}>
                <th scope="row" className="change-quote-cell">
                  {quoteLineText(i18n, line.label)}
                </th>
                <td className="change-quote-cell change-quote-credits">
                  {formatCredits(line.credits, locale)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="change-quote-cell change-quote-total">
                <Trans>Total</Trans>
              </th>
              <td
                className="change-quote-cell change-quote-credits change-quote-total"
                data-testid="change-quote-total"
              >
                {formatCredits(quote.total, locale)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!online && (
        <p className="notice notice-warn">
          <Trans>You are offline. Requesting a change needs a connection.</Trans>
        </p>
      )}
      <div className="change-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn" disabled={busy || !online}>
          {busy ? t`Submitting...` : t`Submit change request`}
        </button>
      </div>
    </form>
  );
}
