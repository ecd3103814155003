import type { AssigneesDto, TicketDto } from '@ecu/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAdminCommand } from '../use-admin-command';
import { assignmentApi, assignmentKeys } from './assignment-api';
import './assignment.css';

/** Staff roles as the picker shows them; a role this table does not know, as it came. */
const ROLE_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  engineer: msg`engineer`,
  admin: msg`admin`,
};

/** 'Jane Engineer (engineer, 2 open)'. */
function staffOption(a: AssigneesDto['assignees'][number], i18n: I18n): string {
  const { name, openTickets } = a;
  const known = ROLE_NAMES[a.role];
  const role = known ? i18n._(known) : a.role;
  return i18n._(msg`${name} (${role}, ${openTickets} open)`);
}

/**
 * Who works this ticket (docs/decisions/087-assignment.md): 'Take' assigns it to me, 'Let go'
 * unassigns my own, and an admin picks anyone from the staff list.
 */
export function AssignmentPanel({
  ticket,
  me,
  online,
  onChanged,
}: {
  ticket: TicketDto;
  me: { _id: string; role: string };
  online: boolean;
  onChanged: (ticket: TicketDto) => void;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const pickerId = useId();
  const isAdmin = me.role === 'admin';
  const assignee = ticket.assignee ?? null;
  const mine = assignee?._id === me._id;
  const assigneeName = assignee?.name ?? '';
  const { ticketNumber } = ticket;
  const staff = useQuery({
    queryKey: assignmentKeys.assignees,
    queryFn: async ({ signal }) => (await assignmentApi.assignees(signal)).data,
    enabled: isAdmin,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const command = useAdminCommand({
    send: (userId: string | null) => assignmentApi.assign(ticket.ticketNumber, userId),
    failure: t`The assignment was not saved`,
    success: t`Saved`,
    onSuccess: (answer) => {
      setPicked(null);
      onChanged(answer.data);
    },
  });
  const off = !online || command.pending;
  const choice = picked ?? assignee?._id ?? '';

  return (
    <section className="card ticket-card assignment-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Assignee</Trans>
      </h2>
      <p className="assignment-now" data-testid="assignee">
        {assignee ? (
          <AssignedTo who={mine ? t`${assigneeName} (you)` : assignee.name} />
        ) : (
          <span className="muted">
            <Trans>Unassigned</Trans>
          </span>
        )}
      </p>
      <div className="form-actions assignment-actions">
        {!mine && (isAdmin || !assignee) && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={off}
            aria-label={t`Take ticket ${ticketNumber}`}
            onClick={() => void command.run(me._id)}
          >
            <Trans>Take</Trans>
          </button>
        )}
        {assignee && (mine || isAdmin) && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={off}
            aria-label={mine ? t`Let go of ticket ${ticketNumber}` : t`Unassign ticket ${ticketNumber}`}
            onClick={() => void command.run(null)}
          >
            {mine ? <Trans>Let go</Trans> : <Trans>Unassign</Trans>}
          </button>
        )}
      </div>
      {isAdmin && (
        <form
          className="assignment-picker"
          onSubmit={(e) => {
            e.preventDefault();
            if (choice && choice !== assignee?._id) void command.run(choice);
          }}
        >
          <label htmlFor={pickerId}>
            <Trans>Assign to</Trans>
          </label>
          <select
            id={pickerId}
            className="input"
            value={choice}
            disabled={off || !staff.data}
            onChange={(e) => setPicked(e.target.value)}
          >
            <option value="" disabled>
              {staff.data ? t`Choose a staff member` : t`Loading staff...`}
            </option>
            {staff.data?.assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {staffOption(a, i18n)}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="btn btn-secondary btn-sm"
            disabled={off || !choice || choice === assignee?._id}
          >
            <Trans>Assign</Trans>
          </button>
        </form>
      )}
    </section>
  );
}

/** 'Assigned to <strong>Jane Engineer</strong>'. */
function AssignedTo({ who }: { who: string }) {
  return (
    <Trans>
      Assigned to <strong>{who}</strong>
    </Trans>
  );
}
