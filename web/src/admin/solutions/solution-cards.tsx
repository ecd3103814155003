import { formatDateTime, type SolutionCandidateDto, type TicketSolutionMatchDto } from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDomainName, useFormatLocale } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { type TicketView, ticketStatus } from '../../tickets';
import { useAdminCommand, useOfflineActionText } from '../use-admin-command';
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

const OUTCOME_TEXT: Record<TicketSolutionMatchDto['outcome'], MessageDescriptor> = {
  delivered: msg`Delivered automatically: approved solutions cover every option.`,
  covered: msg`Approved solutions cover every option, but the file was not delivered automatically.`,
  partial: msg`Approved solutions cover some options; an engineer does the rest.`,
  none: msg`No approved solution matches this read.`,
  skipped: msg`Not matched automatically.`,
  failed: msg`The check against the solution library failed.`,
};

/** 'Matched solutions': null from the server (not matched yet, or never) shows no card. */
export function MatchedSolutionsCard({ ticketNumber, online }: { ticketNumber: number; online: boolean }) {
  const { t, i18n } = useLingui();
  const offlineText = useOfflineActionText();
  const locale = useFormatLocale();
  const domainWord = useDomainName();
  const words = (items: readonly string[]) => items.map(domainWord);
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
        <h2 id={headingId}>
          <Trans>Matched solutions</Trans>
        </h2>
        <p className="muted">{messageOf(query.error, t`Failed to load the matched solutions`)}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
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
      <h2 id={headingId}>
        <Trans>Matched solutions</Trans>
      </h2>
      <p>{i18n._(OUTCOME_TEXT[match.outcome])}</p>
      {match.skipped && (
        <p className="muted">
          <WhySkipped reason={match.skipped} />
        </p>
      )}
      {(match.covered.length > 0 || match.remaining.length > 0) && (
        <dl className="solution-coverage">
          <div>
            <dt>
              <Trans>Done by solutions</Trans>
            </dt>
            <dd>{match.covered.length > 0 ? words(match.covered).join(', ') : t`None`}</dd>
          </div>
          <div>
            <dt>
              <Trans>Remaining</Trans>
            </dt>
            <dd>{match.remaining.length > 0 ? words(match.remaining).join(', ') : t`None`}</dd>
          </div>
        </dl>
      )}
      {match.candidates.length > 0 && (
        <ul className="solution-candidates">
          {match.candidates.map((c) => (
            <li key={c.solutionId} className="solution-candidate">
              <span className="admin-serial">#{c.solutionId}</span> <span>{words(c.items).join(' + ')}</span>{' '}
              <CandidateResult candidate={c} />
            </li>
          ))}
        </ul>
      )}
      <p className="muted solutions-small">
        <CheckedLine
          software={match.softwareNumber ?? t`not read`}
          checked={formatDateTime(match.checkedAt, undefined, locale)}
        />
      </p>
      {prepared &&
        (online ? (
          <a
            className="btn btn-secondary"
            href={preparedFileUrl(ticketNumber)}
            download={`prepared-${ticketNumber}.bin`}
          >
            <Trans>Download the prepared file</Trans>
          </a>
        ) : (
          <p className="muted">{offlineText}</p>
        ))}
    </section>
  );
}

/** 'Software 1037541778 · checked Jan 01, 2025, 14:30 · Solution library'. */
function CheckedLine({ software, checked }: { software: string; checked: string }) {
  return (
    <Trans>
      Software {software} · checked {checked} · <Link to="/solutions">Solution library</Link>
    </Trans>
  );
}

function WhySkipped({ reason }: { reason: string }) {
  return <Trans>Why: {reason}</Trans>;
}

function CandidateResult({ candidate }: { candidate: SolutionCandidateDto }) {
  if (candidate.result === 'matched') {
    return (
      <span className="badge admin-badge-completed">
        {candidate.used ? <Trans>Matched, used</Trans> : <Trans>Matched</Trans>}
      </span>
    );
  }
  return (
    <>
      <span className="badge badge-pending">
        <Trans>Almost</Trans>
      </span>
      {candidate.reason && <span className="solution-reason">{candidate.reason}</span>}
    </>
  );
}

/** 'Add to solution library': the diff of this ticket's original and tuned file, with its plan. */
export function AddToLibraryCard({ ticketNumber, online }: { ticketNumber: number; online: boolean }) {
  const { t } = useLingui();
  const offlineText = useOfflineActionText();
  const headingId = useId();
  const client = useQueryClient();
  const [approve, setApprove] = useState(false);
  const [includesChecksum, setIncludesChecksum] = useState(false);
  const [added, setAdded] = useState<{ id: number; state: string } | null>(null);
  const create = useAdminCommand({
    send: () => solutionsApi.create({ ticketNumber, approve, includesChecksum }),
    failure: t`Failed to add the solution`,
    success: t`Solution added to the library`,
    onSuccess: ({ data }) => {
      setAdded({ id: data.id, state: data.state });
      void client.invalidateQueries({ queryKey: solutionKeys.all });
    },
  });

  const addedId = added?.id;
  return (
    <section className="card ticket-card solution-add" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Solution library</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Stores the changes between this ticket's original and its tuned file, for its software and plan.
        </Trans>
      </p>
      {added ? (
        <p className="status-success" role="status">
          {added.state === 'approved' ? (
            <Trans>Solution #{addedId} is in the library, approved for automatic delivery.</Trans>
          ) : (
            <Trans>Solution #{addedId} is in the library as a draft.</Trans>
          )}{' '}
          <Link to="/solutions">
            <Trans>Open the library</Trans>
          </Link>
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
              {create.pending ? <Trans>Adding...</Trans> : <Trans>Add to solution library</Trans>}
            </button>
          </div>
          {!online && <p className="muted">{offlineText}</p>}
        </>
      )}
    </section>
  );
}
