import { formatDateTime, type SolutionCandidateDto, type TicketSolutionMatchDto } from '@ecu/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../../local/api-client';
import { type TicketView, ticketStatus } from '../../tickets';
import { OFFLINE_ACTION_TEXT, useAdminCommand } from '../use-admin-command';
import { SolutionChoices } from './solution-choices';
import { preparedFileUrl, solutionKeys, solutionsApi } from './solutions-api';
import './solutions.css';

/** A ticket whose tuned file reached the customer: what a solution can be made from. */
export function isDeliveredTicket(ticket: Pick<TicketView, 'status' | 'ecuTunedFile'>): boolean {
  const status = ticketStatus(ticket.status);
  return (status === 'Unlocked' || status === 'Completed') && ticket.ecuTunedFile !== null;
}

/**
 * The solution library on an admin's ticket page (docs/decisions/085-solution-library.md): what
 * matching found for this read, and for a delivered ticket the way to add its patch to the library.
 */
export function TicketSolutionCards({ ticket, online }: { ticket: TicketView; online: boolean }) {
  return (
    <>
      <MatchedSolutionsCard ticketNumber={ticket.ticketNumber} online={online} />
      {isDeliveredTicket(ticket) && <AddToLibraryCard ticketNumber={ticket.ticketNumber} online={online} />}
    </>
  );
}

const OUTCOME_TEXT: Record<TicketSolutionMatchDto['outcome'], string> = {
  delivered: 'Delivered automatically: approved solutions cover every option.',
  covered: 'Approved solutions cover every option, but the file was not delivered automatically.',
  partial: 'Approved solutions cover some options; an engineer does the rest.',
  none: 'No approved solution matches this read.',
  skipped: 'Not matched automatically.',
  failed: 'The check against the solution library failed.',
};

/** 'Matched solutions': null from the server (not matched yet, or never) shows no card. */
export function MatchedSolutionsCard({ ticketNumber, online }: { ticketNumber: number; online: boolean }) {
  const headingId = useId();
  const query = useQuery({
    queryKey: solutionKeys.matches(ticketNumber),
    queryFn: async ({ signal }) => (await solutionsApi.matches(ticketNumber, signal)).data,
  });
  const match = query.data;
  if (!match) {
    if (!query.error) return null;
    return (
      <section className="card ticket-card solution-matches" aria-labelledby={headingId}>
        <h2 id={headingId}>Matched solutions</h2>
        <p className="muted">{messageOf(query.error, 'Failed to load the matched solutions')}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  const usedAny = match.candidates.some((c) => c.used);
  const prepared = usedAny && match.outcome !== 'delivered';
  return (
    <section
      className="card ticket-card solution-matches"
      aria-labelledby={headingId}
      data-testid="matched-solutions"
    >
      <h2 id={headingId}>Matched solutions</h2>
      <p>{OUTCOME_TEXT[match.outcome]}</p>
      {match.skipped && <p className="muted">Why: {match.skipped}</p>}
      {(match.covered.length > 0 || match.remaining.length > 0) && (
        <dl className="solution-coverage">
          <div>
            <dt>Done by solutions</dt>
            <dd>{match.covered.length > 0 ? match.covered.join(', ') : 'None'}</dd>
          </div>
          <div>
            <dt>Remaining</dt>
            <dd>{match.remaining.length > 0 ? match.remaining.join(', ') : 'None'}</dd>
          </div>
        </dl>
      )}
      {match.candidates.length > 0 && (
        <ul className="solution-candidates">
          {match.candidates.map((c) => (
            <li key={c.solutionId} className="solution-candidate">
              <span className="admin-serial">#{c.solutionId}</span> <span>{c.items.join(' + ')}</span>{' '}
              <CandidateResult candidate={c} />
            </li>
          ))}
        </ul>
      )}
      <p className="muted solutions-small">
        Software {match.softwareNumber ?? 'not read'} · checked {formatDateTime(match.checkedAt)} ·{' '}
        <Link to="/solutions">Solution library</Link>
      </p>
      {prepared &&
        (online ? (
          <a
            className="btn btn-secondary"
            href={preparedFileUrl(ticketNumber)}
            download={`prepared-${ticketNumber}.bin`}
          >
            Download the prepared file
          </a>
        ) : (
          <p className="muted">{OFFLINE_ACTION_TEXT}</p>
        ))}
    </section>
  );
}

function CandidateResult({ candidate }: { candidate: SolutionCandidateDto }) {
  if (candidate.result === 'matched') {
    return (
      <span className="badge admin-badge-completed">{candidate.used ? 'Matched, used' : 'Matched'}</span>
    );
  }
  return (
    <>
      <span className="badge badge-pending">Almost</span>
      {candidate.reason && <span className="solution-reason">{candidate.reason}</span>}
    </>
  );
}

/** 'Add to solution library': the diff of this ticket's original and tuned file, with its plan. */
export function AddToLibraryCard({ ticketNumber, online }: { ticketNumber: number; online: boolean }) {
  const headingId = useId();
  const client = useQueryClient();
  const [approve, setApprove] = useState(false);
  const [includesChecksum, setIncludesChecksum] = useState(false);
  const [added, setAdded] = useState<{ id: number; state: string } | null>(null);
  const create = useAdminCommand({
    send: () => solutionsApi.create({ ticketNumber, approve, includesChecksum }),
    failure: 'Failed to add the solution',
    success: 'Solution added to the library',
    onSuccess: ({ data }) => {
      setAdded({ id: data.id, state: data.state });
      void client.invalidateQueries({ queryKey: solutionKeys.all });
    },
  });

  return (
    <section className="card ticket-card solution-add" aria-labelledby={headingId}>
      <h2 id={headingId}>Solution library</h2>
      <p className="muted">
        Stores the changes between this ticket's original and its tuned file, for its software and plan.
      </p>
      {added ? (
        <p className="status-success" role="status">
          Solution #{added.id} is in the library
          {added.state === 'approved' ? ', approved for automatic delivery.' : ' as a draft.'}{' '}
          <Link to="/solutions">Open the library</Link>
        </p>
      ) : (
        <>
          <SolutionChoices
            approve={approve}
            onApprove={setApprove}
            includesChecksum={includesChecksum}
            onIncludesChecksum={setIncludesChecksum}
          />
          <div className="form-actions">
            <button
              type="button"
              className="btn"
              disabled={!online || create.pending}
              onClick={() => void create.run(undefined)}
            >
              {create.pending ? 'Adding...' : 'Add to solution library'}
            </button>
          </div>
          {!online && <p className="muted">{OFFLINE_ACTION_TEXT}</p>}
        </>
      )}
    </section>
  );
}
