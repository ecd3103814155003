import {
  dtcLabel,
  formatCredits,
  formatFileSize,
  normaliseRegistration,
  quoteTicket,
  TICKET_MESSAGES,
} from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAuthUser } from '../../accounts';
import { useDomainName, useFormatLocale } from '../../i18n';
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
import { quoteLineLabel, useWizardText } from './wizard-words';

const CREATE_FAILED_TEXT = 'Failed to create Ecu file';

/** /overview, step 3 of 3: the summary, the credit quote, the terms and Submit. */
export default function OverviewPage() {
  const load = useWizardPage('plan');
  if (load.status === 'missing') return <Navigate to="/upload-file" replace />;
  if (load.status === 'loading') {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
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
  const { i18n, t } = useLingui();
  const wizardText = useWizardText();
  const domainName = useDomainName();
  const locale = useFormatLocale();
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
      toast.error(wizardText(TICKET_MESSAGES.terms));
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
        toast.info(wizardText(QUEUED_OFFLINE_TEXT));
        return;
      }
      // The uploads and the create run on after this page is gone; the toast says how it ended.
      sendCommand(cmd.id!).then(announceOutcome, (err) =>
        toast.error(wizardText(messageOf(err, CREATE_FAILED_TEXT))),
      );
    } catch (err) {
      setBusy(false);
      toast.error(wizardText(messageOf(err, CREATE_FAILED_TEXT)));
    }
  }

  const facts: [string, string][] = [
    [t`Make`, vehicle.make],
    [t`Model`, vehicle.model],
    [t`Year`, vehicle.year],
    [t`Registration`, vehicle.registration.toUpperCase()],
    [t`ECU ID`, vehicle.ecuId || t`N/A`],
    [t`Transmission`, domainName(vehicle.transmission)],
    [t`Read Tool`, vehicle.readTool],
    [t`Read Type`, domainName(vehicle.readType)],
    [t`Master / Slave`, domainName(vehicle.masterSlave)],
  ];

  return (
    <div className="stack wiz-page">
      <WizardHeader
        step={3}
        crumbs={[
          { label: t`Dashboard`, to: '/dashboard' },
          { label: t`Portal` },
          { label: t`Upload File`, to: '/upload-file' },
          { label: t`Overview` },
        ]}
        title={t`Overview`}
        subtitle={t`Check everything before you submit. You can go back and change the plan.`}
      />

      <ServiceStatusBanner context="upload" />

      {!online && (
        <div className="notice notice-warn" role="status">
          <Trans>
            You are offline. Submit keeps your file on this device and sends it when you are back online.
          </Trans>
        </div>
      )}

      <div className="wiz-overview">
        <div className="wiz-overview-main">
          <section className="card wiz-card" aria-labelledby="ov-vehicle">
            <div className="wiz-card-head wiz-card-head-row">
              <h2 id="ov-vehicle">
                <Trans>Vehicle</Trans>
              </h2>
              <Link to="/upload-file" state={IN_WIZARD} className="wiz-edit">
                <Trans>Edit</Trans>
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
              <h2 id="ov-plan">
                <Trans>Modification Plan</Trans>
              </h2>
              <button type="button" className="wiz-edit btn-link" onClick={back}>
                <Trans>Edit</Trans>
              </button>
            </div>
            <dl className="facts wiz-facts">
              <div>
                <dt>
                  <Trans>Stage</Trans>
                </dt>
                <dd>{domainName(plan.stage)}</dd>
              </div>
              <div className="wiz-span-all">
                <dt>
                  <Trans>Options</Trans>
                </dt>
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
                    <span className="muted">
                      <Trans>None</Trans>
                    </span>
                  )}
                </dd>
              </div>
              {planDtcCodes(plan).length > 0 && (
                <div className="wiz-span-all">
                  <dt>
                    <Trans>Fault codes</Trans>
                  </dt>
                  <dd>
                    <ul className="dtc-list" aria-label={t`Fault codes to remove`}>
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
                <dt>
                  <Trans>Notes</Trans>
                </dt>
                <dd className="wiz-notes-view">
                  {plan.notes || (
                    <span className="muted">
                      <Trans>None</Trans>
                    </span>
                  )}
                </dd>
              </div>
            </dl>
          </section>

          <section className="card wiz-card" aria-labelledby="ov-files">
            <div className="wiz-card-head">
              <h2 id="ov-files">
                <Trans>Files</Trans>
              </h2>
            </div>
            <ul className="wiz-file-list wiz-file-summary">
              {ecuFile && (
                <li className="wiz-file">
                  <span className="badge badge-neutral">
                    <Trans>ECU file</Trans>
                  </span>
                  <span className="wiz-file-name">{ecuFile.file.name}</span>
                  <span className="wiz-file-size">{formatFileSize(ecuFile.file.size, locale)}</span>
                </li>
              )}
              {commonFiles.map((f) => (
                <li key={f.id} className="wiz-file">
                  <span className="badge badge-neutral">
                    <Trans>Additional</Trans>
                  </span>
                  <span className="wiz-file-name">{f.file.name}</span>
                  <span className="wiz-file-size">{formatFileSize(f.file.size, locale)}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="wiz-overview-side">
          <section className="card wiz-card wiz-quote" aria-labelledby="ov-quote">
            <h2 id="ov-quote">
              <Trans>Credits</Trans>
            </h2>
            <table className="wiz-quote-table">
              <tbody>
                {quote.lines.map((line) => (
                  <tr key={line.label}>
                    <th scope="row" className="wiz-quote-cell">
                      {quoteLineLabel(i18n, line.label)}
                    </th>
                    <td className="wiz-quote-cell wiz-quote-credits">
                      {formatCredits(line.credits, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="wiz-quote-cell wiz-quote-total">
                    <Trans>Total</Trans>
                  </th>
                  <td className="wiz-quote-cell wiz-quote-credits wiz-quote-total" data-testid="quote-total">
                    {formatCredits(quote.total, locale)}
                  </td>
                </tr>
              </tfoot>
            </table>
            <p className="wiz-quote-note">
              <Trans>Credits are taken once, when you first download the tuned file.</Trans>
              {balance !== null && (
                <>
                  {' '}
                  <Trans>
                    Your balance: <strong>{formatCredits(balance, locale)}</strong>.
                  </Trans>
                </>
              )}
            </p>
          </section>

          <section className="card wiz-card" aria-labelledby="ov-terms">
            <h2 id="ov-terms">
              <Trans>Terms</Trans>
            </h2>
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
              <span>
                <Trans>I accept the terms and conditions</Trans>
              </span>
            </label>
            {touched && !accepted && (
              <span id={`${termsId}-error`} className="field-error" role="alert">
                {wizardText(TICKET_MESSAGES.terms)}
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
          <Trans>Back</Trans>
        </button>
        <button type="button" className="btn wiz-continue" disabled={!accepted || busy} onClick={submit}>
          {busy ? t`Submitting...` : t`Submit`}
        </button>
      </div>
    </div>
  );
}
