import {
  dtcLabel,
  formatCredits,
  formatFileSize,
  normaliseRegistration,
  quoteTicket,
  TICKET_MESSAGES,
} from '@ecu/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAuthUser } from '../../accounts';
import { messageOf } from '../../local/api-client';
import { isOnline } from '../../local/connectivity';
import { localDb } from '../../local/db';
import { useOnline } from '../../local/use-online';
import { ServiceStatusBanner } from '../../service-status';
import { sendCommand } from '../submitting/queued-tickets';
import { queueTicket } from '../submitting/ticket-outbox';
import { announceOutcome, QUEUED_OFFLINE_TEXT } from '../submitting/upload-progress';
import '../common/dtc-codes.css';
import { TermsBox } from './terms-box';
import { IN_WIZARD, useWizardPage } from './use-wizard-draft';
import { WizardHeader } from './wizard-header';
import { type PlanValues, planDtcCodes, type WizardData } from './wizard-state';
import { submitDraft } from './wizard-store';

const CREATE_FAILED_TEXT = 'Failed to create Ecu file';

/** /overview, step 3 of 3: the summary, the credit quote, the terms and Submit. */
export default function OverviewPage() {
  const load = useWizardPage('plan');
  if (load.status === 'missing') return <Navigate to="/upload-file" replace />;
  if (load.status === 'loading') {
    return (
      <div className="spinner-page" aria-busy="true">
        Loading...
      </div>
    );
  }
  return <Overview key={load.data.clientId} data={load.data as WizardData & { plan: PlanValues }} />;
}

/** Earlier tickets of this user for the same registration (case and spaces ignored). */
function useEarlierTicketDates(registration: string): string[] | undefined {
  return useLiveQuery(async () => {
    const wanted = normaliseRegistration(registration);
    const rows = await localDb.tickets.toArray();
    return rows
      .filter((t) => typeof t.registration === 'string' && normaliseRegistration(t.registration) === wanted)
      .map((t) => String(t.createdAt ?? ''))
      .filter(Boolean);
  }, [registration]);
}

function Overview({ data }: { data: WizardData & { plan: PlanValues } }) {
  const navigate = useNavigate();
  const online = useOnline();
  const user = useAuthUser();
  const [accepted, setAccepted] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const termsId = useId();
  const { vehicle, plan, ecuFile, commonFiles } = data;
  const earlier = useEarlierTicketDates(vehicle.registration);
  const quote = quoteTicket({
    make: vehicle.make,
    stage: plan.stage,
    options: plan.options,
    masterSlave: vehicle.masterSlave,
    earlierTicketsForRegistration: earlier ?? [],
  });
  const balance = typeof user === 'object' && user ? user.credits : null;

  function back() {
    navigate('/modification-plan', { state: IN_WIZARD });
  }

  async function submit() {
    if (!accepted) {
      setTouched(true);
      toast.error(TICKET_MESSAGES.terms);
      return;
    }
    if (!ecuFile) return;
    setBusy(true);
    try {
      // The draft's files become the ticket's queued uploads, the command names them and the
      // draft goes, in one step (docs/decisions/042-wizard-store.md).
      // The ticket's key is its clientId: one key per ticket (docs/decisions/041-outbox-commands.md).
      const cmd = await submitDraft(data, (localFileIds) => queueTicket(data, localFileIds));
      navigate('/my-files', { replace: true });
      if (!isOnline()) {
        toast.info(QUEUED_OFFLINE_TEXT);
        return;
      }
      // The uploads and the create run on after this page is gone; the toast says how it ended.
      sendCommand(cmd.id!).then(announceOutcome, (err) => toast.error(messageOf(err, CREATE_FAILED_TEXT)));
    } catch (err) {
      setBusy(false);
      toast.error(messageOf(err, CREATE_FAILED_TEXT));
    }
  }

  const facts: [string, string][] = [
    ['Make', vehicle.make],
    ['Model', vehicle.model],
    ['Year', vehicle.year],
    ['Registration', vehicle.registration.toUpperCase()],
    ['ECU ID', vehicle.ecuId || 'N/A'],
    ['Transmission', vehicle.transmission],
    ['Read Tool', vehicle.readTool],
    ['Read Type', vehicle.readType],
    ['Master / Slave', vehicle.masterSlave],
  ];

  return (
    <div className="stack wiz-page">
      <WizardHeader
        step={3}
        crumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Portal' },
          { label: 'Upload File', to: '/upload-file' },
          { label: 'Overview' },
        ]}
        title="Overview"
        subtitle="Check everything before you submit. You can go back and change the plan."
      />

      <ServiceStatusBanner context="upload" />

      {!online && (
        <div className="notice notice-warn" role="status">
          You are offline. Submit keeps your file on this device and sends it when you are back online.
        </div>
      )}

      <div className="wiz-overview">
        <div className="wiz-overview-main">
          <section className="card wiz-card" aria-labelledby="ov-vehicle">
            <div className="wiz-card-head wiz-card-head-row">
              <h2 id="ov-vehicle">Vehicle</h2>
              <Link to="/upload-file" state={IN_WIZARD} className="wiz-edit">
                Edit
              </Link>
            </div>
            <dl className="facts wiz-facts">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>
                    <bdi>{value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <section className="card wiz-card" aria-labelledby="ov-plan">
            <div className="wiz-card-head wiz-card-head-row">
              <h2 id="ov-plan">Modification Plan</h2>
              <button type="button" className="wiz-edit btn-link" onClick={back}>
                Edit
              </button>
            </div>
            <dl className="facts wiz-facts">
              <div>
                <dt>Stage</dt>
                <dd>{plan.stage}</dd>
              </div>
              <div className="wiz-span-all">
                <dt>Options</dt>
                <dd>
                  {plan.options.length > 0 ? (
                    <ul className="wiz-chips">
                      {plan.options.map((o) => (
                        <li key={o} className="wiz-chip">
                          {o}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="muted">None</span>
                  )}
                </dd>
              </div>
              {planDtcCodes(plan).length > 0 && (
                <div className="wiz-span-all">
                  <dt>Fault codes</dt>
                  <dd>
                    <ul className="dtc-list" aria-label="Fault codes to remove">
                      {planDtcCodes(plan).map((code) => (
                        <li key={code} className="dtc-item">
                          <span className="dtc-code">{code}</span>
                          <span className="dtc-label muted">{dtcLabel(code)}</span>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              )}
              <div className="wiz-span-all">
                <dt>Notes</dt>
                <dd className="wiz-notes-view">{plan.notes || <span className="muted">None</span>}</dd>
              </div>
            </dl>
          </section>

          <section className="card wiz-card" aria-labelledby="ov-files">
            <div className="wiz-card-head">
              <h2 id="ov-files">Files</h2>
            </div>
            <ul className="wiz-file-list wiz-file-summary">
              {ecuFile && (
                <li className="wiz-file">
                  <span className="badge badge-neutral">ECU file</span>
                  <span className="wiz-file-name">{ecuFile.file.name}</span>
                  <span className="wiz-file-size">{formatFileSize(ecuFile.file.size)}</span>
                </li>
              )}
              {commonFiles.map((f) => (
                <li key={f.id} className="wiz-file">
                  <span className="badge badge-neutral">Additional</span>
                  <span className="wiz-file-name">{f.file.name}</span>
                  <span className="wiz-file-size">{formatFileSize(f.file.size)}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="wiz-overview-side">
          <section className="card wiz-card wiz-quote" aria-labelledby="ov-quote">
            <h2 id="ov-quote">Credits</h2>
            <table className="wiz-quote-table">
              <tbody>
                {quote.lines.map((line) => (
                  <tr key={line.label}>
                    <th scope="row" className="wiz-quote-cell">
                      {line.label}
                    </th>
                    <td className="wiz-quote-cell wiz-quote-credits">{formatCredits(line.credits)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="wiz-quote-cell wiz-quote-total">
                    Total
                  </th>
                  <td className="wiz-quote-cell wiz-quote-credits wiz-quote-total" data-testid="quote-total">
                    {formatCredits(quote.total)}
                  </td>
                </tr>
              </tfoot>
            </table>
            <p className="wiz-quote-note">
              Credits are taken once, when you first download the tuned file.
              {balance !== null && (
                <>
                  {' '}
                  Your balance: <strong>{formatCredits(balance)}</strong>.
                </>
              )}
            </p>
          </section>

          <section className="card wiz-card" aria-labelledby="ov-terms">
            <h2 id="ov-terms">Terms</h2>
            <TermsBox />
            <label className="check wiz-terms-check" htmlFor={termsId}>
              <input
                id={termsId}
                type="checkbox"
                checked={accepted}
                aria-invalid={touched && !accepted}
                aria-describedby={touched && !accepted ? `${termsId}-error` : undefined}
                onChange={(e) => {
                  setAccepted(e.target.checked);
                  setTouched(true);
                }}
              />
              <span>I accept the terms and conditions</span>
            </label>
            {touched && !accepted && (
              <span id={`${termsId}-error`} className="field-error" role="alert">
                {TICKET_MESSAGES.terms}
              </span>
            )}
          </section>
        </aside>
      </div>

      <div className="wiz-actions">
        <button type="button" className="btn btn-secondary" onClick={back}>
          <span aria-hidden="true" className="dir-icon">
            ←
          </span>{' '}
          Back
        </button>
        <button type="button" className="btn wiz-continue" disabled={!accepted || busy} onClick={submit}>
          {busy ? 'Submitting...' : 'Submit'}
        </button>
      </div>
    </div>
  );
}
