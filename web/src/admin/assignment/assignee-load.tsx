import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { assignmentApi, assignmentKeys } from './assignment-api';
import './assignment.css';

/** Each staff member's open tickets (Pending, In Progress) against the per-engineer limit. */
export function AssigneeLoad() {
  const headingId = useId();
  const query = useQuery({
    queryKey: assignmentKeys.assignees,
    queryFn: async ({ signal }) => (await assignmentApi.assignees(signal)).data,
  });
  const data = query.data;
  if (!data || data.assignees.length === 0) return null;
  return (
    <section className="assignee-load" aria-labelledby={headingId}>
      <h2 id={headingId} className="assignee-load-title">
        <Trans>Open tickets per person</Trans>
      </h2>
      <ul className="assignee-load-list">
        {data.assignees.map((a) => (
          <li
            key={a.id}
            className={a.role === 'engineer' && a.openTickets >= data.openTicketLimit ? 'at-limit' : ''}
          >
            <span className="assignee-load-name">{a.name}</span>{' '}
            <span className="assignee-load-count">
              {a.role === 'engineer' ? (
                <OfLimit count={a.openTickets} limit={data.openTicketLimit} />
              ) : (
                a.openTickets
              )}
            </span>
            <span className="sr-only">
              {' '}
              <Trans>open tickets</Trans>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** '3 of 5': an engineer's open tickets against the limit. */
function OfLimit({ count, limit }: { count: number; limit: number }) {
  return (
    <Trans>
      {count} of {limit}
    </Trans>
  );
}
