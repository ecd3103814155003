import { formatDateTime, SOLUTION_STATES, type SolutionDto, type SolutionState } from '@ecu/shared';
import { intlTag } from '@ecu/shared/i18n/locales';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFormatLocale } from '../../i18n';
import { ConfirmDialog } from '../confirm-dialog';
import { AfterRestore, ListDesk, listStateRow } from '../list-parts';
import { useRememberedValue } from '../queries';
import { useAdminCommand, useOfflineActionText } from '../use-admin-command';
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
  const { t, i18n } = useLingui();
  const offlineText = useOfflineActionText();
  const locale = useFormatLocale();
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
    loadError: t`Failed to load the solutions`,
  });
  const rows = state ? list.rows.filter((s) => s.state === state) : list.rows;
  const shown = { ...list, rows };

  const refresh = () => void client.invalidateQueries({ queryKey: solutionKeys.all });
  const approve = useAdminCommand({
    send: (id: number) => solutionsApi.approve(id),
    failure: t`Failed to approve the solution`,
    success: t`Solution approved`,
    onSuccess: refresh,
  });
  const retire = useAdminCommand({
    send: (id: number) => solutionsApi.retire(id),
    failure: t`Failed to retire the solution`,
    success: t`Solution retired`,
    onSuccess: refresh,
  });
  const [retiring, setRetiring] = useState<SolutionDto | null>(null);
  const busy = approve.pending || retire.pending;
  const retiringId = retiring?.id;

  return (
    <ListDesk
      title={t`Solutions`}
      intro={t`Engineer-verified patches by software version. An approved solution delivers matching tickets automatically; retiring one stops it at once.`}
      label={t`Solution library`}
      list={shown}
      search={{ label: t`Search solutions`, placeholder: t`Search by software number` }}
      tools={
        <div className="admin-field solutions-state-filter">
          <label htmlFor={stateId}>
            <Trans>State</Trans>
          </label>
          <select
            id={stateId}
            className="input"
            value={state}
            onChange={(e) => setState(parseState(e.target.value))}
          >
            <option value="">{t`All states`}</option>
            {SOLUTION_STATES.map((s) => (
              <option key={s} value={s}>
                {i18n._(STATE_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
      }
      noun={[t`solution`, t`solutions`]}
      after={
        <>
          <SolutionUpload online={list.online} />
          <ConfirmDialog
            open={retiring !== null}
            title={retiring ? t`Retire solution #${retiringId}?` : t`Retire solution?`}
            confirmLabel={t`Retire solution`}
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
              <RetireText
                software={retiring?.softwareNumber ?? ''}
                plan={retiring ? planText(retiring, i18n) : ''}
              />
            </p>
            {retire.locked && <p className="status-failed">{offlineText}</p>}
          </ConfirmDialog>
        </>
      }
    >
      <table className="admin-table solutions-table">
        <caption className="sr-only">
          <Trans>Solutions in the library</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Software</Trans>
            </th>
            <th scope="col">ECU</th>
            <th scope="col">
              <Trans>Options</Trans>
            </th>
            <th scope="col">
              <Trans>Changes</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Used</Trans>
            </th>
            <th scope="col">
              <Trans>Last used</Trans>
            </th>
            <th scope="col">
              <Trans>State</Trans>
            </th>
            <th scope="col">
              <Trans>Approved</Trans>
            </th>
            <th scope="col">
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listStateRow(shown, {
            colSpan: COLUMNS,
            loading: t`Fetching solutions...`,
            empty:
              list.q.trim() || state
                ? t`No solutions match these filters.`
                : t`No solutions in the library yet.`,
          }) ??
            rows.map((s) => (
              <tr key={s.id} data-testid="solution-row">
                <td data-label={t`Software`}>
                  <div className="admin-stacked">
                    <span className="admin-serial">{s.softwareNumber}</span>
                    <span className="muted solutions-small">
                      #{s.id}
                      {/* eslint-disable-next-line lingui/no-unlocalized-strings -- HW marks the hardware number in every language */}
                      {s.hardwareNumber ? ` · HW ${s.hardwareNumber}` : ''}
                    </span>
                  </div>
                </td>
                <td data-label="ECU">{ecuName(s, i18n)}</td>
                <td data-label={t`Options`}>{planText(s, i18n)}</td>
                <td data-label={t`Changes`}>
                  <div className="admin-stacked">
                    <span>
                      <ChangesText ranges={s.rangeCount} bytes={s.bytesChanged} />
                    </span>
                    <span className="muted solutions-small">
                      {s.includesChecksum ? (
                        <Trans>Includes checksum</Trans>
                      ) : (
                        <Trans>Checksum by flashing tool</Trans>
                      )}
                    </span>
                  </div>
                </td>
                <td data-label={t`Used`} className="num">
                  {s.timesUsed}
                </td>
                <td data-label={t`Last used`} className="admin-date">
                  {s.lastUsedAt ? (
                    formatDateTime(s.lastUsedAt, undefined, locale)
                  ) : (
                    <span className="muted">
                      <Trans>Never</Trans>
                    </span>
                  )}
                </td>
                <td data-label={t`State`}>
                  <span className={`badge ${stateBadgeClass(s.state)}`}>{i18n._(STATE_LABELS[s.state])}</span>
                </td>
                <td data-label={t`Approved`}>
                  {s.approvedAt ? (
                    <div className="admin-stacked">
                      <span>{s.approvedBy?.name ?? t`Unknown admin`}</span>
                      <span className="muted solutions-small">
                        {formatDateTime(s.approvedAt, undefined, locale)}
                      </span>
                    </div>
                  ) : (
                    <span className="muted">
                      <Trans>Not approved</Trans>
                    </span>
                  )}
                  {s.sourceTicketNumber !== null && (
                    <div className="solutions-small">
                      <SourceTicket ticketNumber={s.sourceTicketNumber} />
                    </div>
                  )}
                </td>
                <td data-label={t`Actions`}>
                  <div className="admin-row-actions">
                    {s.state === 'draft' && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={busy || approve.locked}
                        aria-label={t`Approve solution ${s.id} for ${s.softwareNumber}`}
                        onClick={() => void approve.run(s.id)}
                      >
                        <Trans>Approve</Trans>
                      </button>
                    )}
                    {s.state !== 'retired' && (
                      <button
                        type="button"
                        className="btn btn-sm admin-btn-danger-outline"
                        disabled={busy || retire.locked}
                        aria-label={t`Retire solution ${s.id} for ${s.softwareNumber}`}
                        onClick={() => setRetiring(s)}
                      >
                        <Trans>Retire</Trans>
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

/** '3 ranges, 120 bytes': what a solution changes. */
function ChangesText({ ranges, bytes }: { ranges: number; bytes: number }) {
  const locale = useFormatLocale();
  // English writes the counts as they are ('1234 bytes'); other languages in their own digits' grouping.
  const count = (n: number) =>
    locale === 'en' ? String(n) : new Intl.NumberFormat(intlTag(locale)).format(n);
  const rangeCount = count(ranges);
  const byteCount = count(bytes);
  return (
    <>
      <Plural value={ranges} one={`${rangeCount} range`} other={`${rangeCount} ranges`} />,{' '}
      <Plural value={bytes} one={`${byteCount} byte`} other={`${byteCount} bytes`} />
    </>
  );
}

/** 'From ticket #123', linked. */
function SourceTicket({ ticketNumber }: { ticketNumber: number }) {
  return (
    <Trans>
      From <Link to={`/ticket/${ticketNumber}`}>ticket #{ticketNumber}</Link>
    </Trans>
  );
}

/** The retire dialog's warning. */
function RetireText({ software, plan }: { software: string; plan: string }) {
  return (
    <Trans>
      {software} ({plan}) will no longer be delivered automatically, on any new ticket. A retired solution
      cannot be approved again.
    </Trans>
  );
}
