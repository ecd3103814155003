import type { KnownOriginalDto } from '@ecu/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messageOf } from '../local/api-client';
import { adminTicketsApi, type TicketView } from '../tickets';
import { OFFLINE_ACTION_TEXT } from './use-admin-command';

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
    onError: (err) => toast.error(messageOf(err, 'The tuned file could not be reused')),
  });
  const samePlan = planText(known) === planText(ticket);
  const reused = ticket.history?.some(
    (h) => h.kind === 'file_uploaded' && h.detail?.reusedFrom === known.ticketNumber,
  );

  return (
    <section className="card known-original" aria-labelledby={headingId}>
      <h2 id={headingId}>Known file</h2>
      <p>
        Same original as <Link to={`/ticket/${known.ticketNumber}`}>#{known.ticketNumber}</Link>, delivered
        with {planText(known)}.
      </p>
      <p className="muted">
        This ticket asks for {planText(ticket)}
        {samePlan ? ': the same plan.' : ': check the difference before you reuse the file.'}
      </p>
      {reused ? (
        <p className="status-success">
          The tuned file of #{known.ticketNumber} was delivered on this ticket.
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
            I checked that this ticket's plan matches #{known.ticketNumber}
          </label>
          <div className="form-actions">
            <button
              type="button"
              className="btn"
              disabled={!checked || !online || mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending ? 'Delivering...' : `Reuse the tuned file of #${known.ticketNumber}`}
            </button>
          </div>
          {!online && <p className="muted">{OFFLINE_ACTION_TEXT}</p>}
        </>
      )}
    </section>
  );
}
