import { formatDateTime, SOLUTION_STATES, type SolutionDto, type SolutionState } from '@ecu/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../confirm-dialog';
import { AfterRestore, ListDesk, listStateRow } from '../list-parts';
import { useRememberedValue } from '../queries';
import { OFFLINE_ACTION_TEXT, useAdminCommand } from '../use-admin-command';
import { useAdminList } from '../use-admin-list';
import { SolutionUpload } from './solution-upload';
import { solutionKeys, solutionsApi } from './solutions-api';
import { ecuName, planText, STATE_LABELS, stateBadgeClass } from './solutions-format';
import './solutions.css';

const COLUMNS = 9;

function parseState(raw: string | null | undefined): SolutionState | '' {
  return SOLUTION_STATES.find((s) => s === raw) ?? '';
}

/** Offline the server cannot search: the start of the software number, over the loaded rows. */
const matchesSolution = (s: SolutionDto, q: string) =>
  s.softwareNumber.toLowerCase().startsWith(q.toLowerCase());

/**
 * /solutions: the solution library (docs/decisions/085-solution-library.md). Engineer-verified
 * patches by software number, newest first; an admin approves a draft for automatic delivery or
 * retires a solution, which stops it at once for new tickets.
 */
export default function SolutionsPage() {
  return (
    <AfterRestore>
      <SolutionsDesk />
    </AfterRestore>
  );
}

function SolutionsDesk() {
  const client = useQueryClient();
  const stateId = useId();
  const [stored, setState] = useRememberedValue<string>('solutions:state', '');
  const state = parseState(stored);
  const list = useAdminList<SolutionDto>({
    name: 'solutions',
    queryKey: (q) => solutionKeys.list(q, state),
    fetchPage: (query, signal) => solutionsApi.list({ ...query, state: state || undefined }, signal),
    idOf: (s) => String(s.id),
    matches: matchesSolution,
    loadError: 'Failed to load the solutions',
  });
  const rows = state ? list.rows.filter((s) => s.state === state) : list.rows;
  const shown = { ...list, rows };

  const refresh = () => void client.invalidateQueries({ queryKey: solutionKeys.all });
  const approve = useAdminCommand({
    send: (id: number) => solutionsApi.approve(id),
    failure: 'Failed to approve the solution',
    success: 'Solution approved',
    onSuccess: refresh,
  });
  const retire = useAdminCommand({
    send: (id: number) => solutionsApi.retire(id),
    failure: 'Failed to retire the solution',
    success: 'Solution retired',
    onSuccess: refresh,
  });
  const [retiring, setRetiring] = useState<SolutionDto | null>(null);
  const busy = approve.pending || retire.pending;

  return (
    <ListDesk
      title="Solutions"
      intro="Engineer-verified patches by software version. An approved solution delivers matching tickets automatically; retiring one stops it at once."
      label="Solution library"
      list={shown}
      search={{ label: 'Search solutions', placeholder: 'Search by software number' }}
      tools={
        <div className="admin-field solutions-state-filter">
          <label htmlFor={stateId}>State</label>
          <select
            id={stateId}
            className="input"
            value={state}
            onChange={(e) => setState(parseState(e.target.value))}
          >
            <option value="">All states</option>
            {SOLUTION_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      }
      noun={['solution', 'solutions']}
      after={
        <>
          <SolutionUpload online={list.online} />
          <ConfirmDialog
            open={retiring !== null}
            title={retiring ? `Retire solution #${retiring.id}?` : 'Retire solution?'}
            confirmLabel="Retire solution"
            busy={retire.pending}
            disabled={retire.locked}
            onConfirm={async () => {
              if (!retiring) return;
              await retire.run(retiring.id);
              setRetiring(null);
            }}
            onCancel={() => setRetiring(null)}
          >
            <p>
              {retiring?.softwareNumber} ({retiring ? planText(retiring) : ''}) will no longer be delivered
              automatically, on any new ticket. A retired solution cannot be approved again.
            </p>
            {retire.locked && <p className="status-failed">{OFFLINE_ACTION_TEXT}</p>}
          </ConfirmDialog>
        </>
      }
    >
      <table className="admin-table solutions-table">
        <caption className="sr-only">Solutions in the library</caption>
        <thead>
          <tr>
            <th scope="col">Software</th>
            <th scope="col">ECU</th>
            <th scope="col">Options</th>
            <th scope="col">Changes</th>
            <th scope="col" className="num">
              Used
            </th>
            <th scope="col">Last used</th>
            <th scope="col">State</th>
            <th scope="col">Approved</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listStateRow(shown, {
            colSpan: COLUMNS,
            loading: 'Fetching solutions...',
            empty:
              list.q.trim() || state
                ? 'No solutions match these filters.'
                : 'No solutions in the library yet.',
          }) ??
            rows.map((s) => (
              <tr key={s.id} data-testid="solution-row">
                <td data-label="Software">
                  <div className="admin-stacked">
                    <span className="admin-serial">{s.softwareNumber}</span>
                    <span className="muted solutions-small">
                      #{s.id}
                      {s.hardwareNumber ? ` · HW ${s.hardwareNumber}` : ''}
                    </span>
                  </div>
                </td>
                <td data-label="ECU">{ecuName(s)}</td>
                <td data-label="Options">{planText(s)}</td>
                <td data-label="Changes">
                  <div className="admin-stacked">
                    <span>
                      {s.rangeCount} {s.rangeCount === 1 ? 'range' : 'ranges'}, {s.bytesChanged}{' '}
                      {s.bytesChanged === 1 ? 'byte' : 'bytes'}
                    </span>
                    <span className="muted solutions-small">
                      {s.includesChecksum ? 'Includes checksum' : 'Checksum by flashing tool'}
                    </span>
                  </div>
                </td>
                <td data-label="Used" className="num">
                  {s.timesUsed}
                </td>
                <td data-label="Last used" className="admin-date">
                  {s.lastUsedAt ? formatDateTime(s.lastUsedAt) : <span className="muted">Never</span>}
                </td>
                <td data-label="State">
                  <span className={`badge ${stateBadgeClass(s.state)}`}>{STATE_LABELS[s.state]}</span>
                </td>
                <td data-label="Approved">
                  {s.approvedAt ? (
                    <div className="admin-stacked">
                      <span>{s.approvedBy?.name ?? 'Unknown admin'}</span>
                      <span className="muted solutions-small">{formatDateTime(s.approvedAt)}</span>
                    </div>
                  ) : (
                    <span className="muted">Not approved</span>
                  )}
                  {s.sourceTicketNumber !== null && (
                    <div className="solutions-small">
                      From <Link to={`/ticket/${s.sourceTicketNumber}`}>ticket #{s.sourceTicketNumber}</Link>
                    </div>
                  )}
                </td>
                <td data-label="Actions">
                  <div className="admin-row-actions">
                    {s.state === 'draft' && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={busy || approve.locked}
                        aria-label={`Approve solution ${s.id} for ${s.softwareNumber}`}
                        onClick={() => void approve.run(s.id)}
                      >
                        Approve
                      </button>
                    )}
                    {s.state !== 'retired' && (
                      <button
                        type="button"
                        className="btn btn-sm admin-btn-danger-outline"
                        disabled={busy || retire.locked}
                        aria-label={`Retire solution ${s.id} for ${s.softwareNumber}`}
                        onClick={() => setRetiring(s)}
                      >
                        Retire
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </ListDesk>
  );
}
