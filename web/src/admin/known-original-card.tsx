import type { KnownOriginalDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messageOf } from '../local/api-client';
import { adminTicketsApi, type TicketView } from '../tickets';
import { useOfflineActionText } from './use-admin-command';

/** 'Stage 1 + EGR OFF': a plan as tuners say it. */
export function planText(plan: { stage: string; options: readonly string[] }): string {
  return [plan.stage, ...plan.options].join(' + ');
}

/**
 * Known files: this ticket's original is byte-identical to an earlier delivered ticket's. The
 * admin compares the plans and, having ticked that they match, delivers a copy of that tuned
 * file in one click. Nothing is delivered without this (docs/decisions/036-known-files.md).
 */
export function KnownOriginalCard({
  ticket,
  known,
  online,
  onReused,
}: {
  ticket: TicketView;
  known: KnownOriginalDto;
  online: boolean;
  onReused: (ticket: TicketView) => void;
}) {
  const { t } = useLingui();
  const offlineText = useOfflineActionText();
  const [checked, setChecked] = useState(false);
  const headingId = useId();
  const checkId = useId();
  const mutation = useMutation({
    mutationFn: () =>
      adminTicketsApi.reuseTunedFile({
        ticketNumber: ticket.ticketNumber,
        fromTicketNumber: known.ticketNumber,
      }),
    onSuccess: ({ message, data }) => {
      toast.success(message);
      setChecked(false);
      onReused(data);
    },
    onError: (err) => toast.error(messageOf(err, t`The tuned file could not be reused`)),
  });
  const knownPlan = planText(known);
  const askedPlan = planText(ticket);
  const samePlan = knownPlan === askedPlan;
  const from = known.ticketNumber;
  const reused = ticket.history?.some(
    (h) => h.kind === 'file_uploaded' && h.detail?.reusedFrom === known.ticketNumber,
  );

  return (
    <section className="card known-original" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Known file</Trans>
      </h2>
      <p>
        <Trans>
          Same original as <Link to={`/ticket/${from}`}>#{from}</Link>, delivered with {knownPlan}.
        </Trans>
      </p>
      <p className="muted">
        {samePlan
          ? t`This ticket asks for ${askedPlan}: the same plan.`
          : t`This ticket asks for ${askedPlan}: check the difference before you reuse the file.`}
      </p>
      {reused ? (
        <p className="status-success">
          <Trans>The tuned file of #{from} was delivered on this ticket.</Trans>
        </p>
      ) : (
        <>
          <label className="check" htmlFor={checkId}>
            <input
              id={checkId}
              type="checkbox"
              checked={checked}
              onChange={(e) => setChecked(e.target.checked)}
            />{' '}
            <Trans>I checked that this ticket's plan matches #{from}</Trans>
          </label>
          <div className="form-actions">
            <button
              type="button"
              className="btn"
              disabled={!checked || !online || mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending ? t`Delivering...` : t`Reuse the tuned file of #${from}`}
            </button>
          </div>
          {!online && <p className="muted">{offlineText}</p>}
        </>
      )}
    </section>
  );
}
