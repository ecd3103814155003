import type { TicketDto } from '@ecu/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAdminCommand } from '../use-admin-command';
import { assignmentApi, assignmentKeys } from './assignment-api';
import './assignment.css';

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
  const headingId = useId();
  const pickerId = useId();
  const isAdmin = me.role === 'admin';
  const assignee = ticket.assignee ?? null;
  const mine = assignee?._id === me._id;
  const staff = useQuery({
    queryKey: assignmentKeys.assignees,
    queryFn: async ({ signal }) => (await assignmentApi.assignees(signal)).data,
    enabled: isAdmin,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const command = useAdminCommand({
    send: (userId: string | null) => assignmentApi.assign(ticket.ticketNumber, userId),
    failure: 'The assignment was not saved',
    success: 'Saved',
    onSuccess: (answer) => {
      setPicked(null);
      onChanged(answer.data);
    },
  });
  const off = !online || command.pending;
  const choice = picked ?? assignee?._id ?? '';

  return (
    <section className="card ticket-card assignment-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Assignee</h2>
      <p className="assignment-now" data-testid="assignee">
        {assignee ? (
          <>
            Assigned to <strong>{mine ? `${assignee.name} (you)` : assignee.name}</strong>
          </>
        ) : (
          <span className="muted">Unassigned</span>
        )}
      </p>
      <div className="form-actions assignment-actions">
        {!mine && (isAdmin || !assignee) && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={off}
            aria-label={`Take ticket ${ticket.ticketNumber}`}
            onClick={() => void command.run(me._id)}
          >
            Take
          </button>
        )}
        {assignee && (mine || isAdmin) && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={off}
            aria-label={
              mine ? `Let go of ticket ${ticket.ticketNumber}` : `Unassign ticket ${ticket.ticketNumber}`
            }
            onClick={() => void command.run(null)}
          >
            {mine ? 'Let go' : 'Unassign'}
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
          <label htmlFor={pickerId}>Assign to</label>
          <select
            id={pickerId}
            className="input"
            value={choice}
            disabled={off || !staff.data}
            onChange={(e) => setPicked(e.target.value)}
          >
            <option value="" disabled>
              {staff.data ? 'Choose a staff member' : 'Loading staff...'}
            </option>
            {staff.data?.assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {`${a.name} (${a.role}, ${a.openTickets} open)`}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="btn btn-secondary btn-sm"
            disabled={off || !choice || choice === assignee?._id}
          >
            Assign
          </button>
        </form>
      )}
    </section>
  );
}
