import { formatFileSize } from '@ecu/shared';
import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { formatLocale, i18n } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { type LocalFile, localDb, type OutboxCommand } from '../../local/db';
import { useOnline } from '../../local/use-online';
import { useTransferRate } from '../../ui/use-transfer-rate';
import { wizardText } from '../wizard/wizard-words';
import { discardQueuedTicket, retryCommand, type SendOutcome, sendCommand } from './queued-tickets';
import { CREATE_TICKET_KIND, type CreateTicketCommandBody } from './ticket-outbox';
import { isUploading, pause, resume } from './upload-queue';

export const QUEUED_OFFLINE_TEXT = 'Your file is queued and will be submitted when you are back online.';
const CREATE_FAILED_TEXT = 'Failed to create Ecu file';
/** Online, but the server did not take it yet (5xx, 429): the outbox sends it again later. */
const QUEUED_KEPT_TEXT = `${CREATE_FAILED_TEXT}. It is kept on this device and will be sent again automatically.`;

/** The toast for what became of a queued ticket after a flush. */
export function announceOutcome(outcome: SendOutcome) {
  const say = (text: string) => wizardText(i18n, text);
  if (outcome.kind === 'created') toast.success(say(outcome.message));
  else if (outcome.kind === 'failed') toast.error(say(outcome.message || CREATE_FAILED_TEXT));
  else if (outcome.kind === 'queued' && outcome.waitingFor === 'server') toast.error(say(QUEUED_KEPT_TEXT));
  else if (outcome.kind === 'queued') toast.info(say(QUEUED_OFFLINE_TEXT));
}

function send(id: number) {
  sendCommand(id).then(announceOutcome, (err) =>
    toast.error(wizardText(i18n, messageOf(err, CREATE_FAILED_TEXT))),
  );
}

/** A file's and a queued ticket's states, shown in the reader's language. */
const STATE_WORDS = {
  Uploaded: msg`Uploaded`,
  Paused: msg`Paused`,
  Failed: msg`Failed`,
  Uploading: msg`Uploading`,
  'Waiting to resume': msg`Waiting to resume`,
  Waiting: msg`Waiting`,
  'Waiting for network': msg`Waiting for network`,
  Submitting: msg`Submitting`,
} as const;

/** One file of a queued ticket: name, size, a progress bar and Pause / Resume. */
export function UploadProgress({ file, commandId }: { file: LocalFile; commandId: number }) {
  const { i18n: shown, t } = useLingui();
  const locale = formatLocale(shown);
  const [busy, setBusy] = useState(false);
  const percent = file.size > 0 ? Math.min(100, Math.round((file.bytesUploaded / file.size) * 100)) : 0;
  const done = file.status === 'done';
  const paused = file.status === 'paused';
  const canPause = !done && !paused && file.status !== 'failed';

  async function onPause() {
    setBusy(true);
    try {
      await pause(file.id);
    } finally {
      setBusy(false);
    }
  }

  async function onResume() {
    setBusy(true);
    try {
      await resume(file.id);
    } finally {
      setBusy(false);
    }
    send(commandId);
  }

  /* eslint-disable lingui/no-unlocalized-strings -- keys of STATE_WORDS, shown translated */
  const state: keyof typeof STATE_WORDS = done
    ? 'Uploaded'
    : paused
      ? 'Paused'
      : file.status === 'failed'
        ? 'Failed'
        : file.status === 'uploading' && isUploading(file.id)
          ? 'Uploading'
          : file.bytesUploaded > 0
            ? 'Waiting to resume'
            : 'Waiting';
  /* eslint-enable lingui/no-unlocalized-strings */
  const uploading = state === 'Uploading';
  const speed = useTransferRate(
    file.bytesUploaded,
    file.size,
    uploading ? 'active' : done ? 'done' : 'paused',
  );

  return (
    <li className={`wiz-upload wiz-upload-${file.status}`}>
      <div className="wiz-upload-row">
        <span className="wiz-file-name" title={file.name}>
          {file.name}
        </span>
        <span className="wiz-file-size">
          {formatFileSize(Math.min(file.bytesUploaded, file.size), locale)} /{' '}
          {formatFileSize(file.size, locale)}
        </span>
        <span className="wiz-upload-state">{shown._(STATE_WORDS[state])}</span>
        {canPause && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={onPause}
            disabled={busy}
            aria-label={t`Pause ${ph({ name: file.name })}`}
          >
            <Trans>Pause</Trans>
          </button>
        )}
        {paused && (
          <button
            type="button"
            className="btn btn-sm"
            onClick={onResume}
            disabled={busy}
            aria-label={t`Resume ${ph({ name: file.name })}`}
          >
            <Trans>Resume</Trans>
          </button>
        )}
      </div>
      <div
        className="wiz-bar"
        role="progressbar"
        aria-label={t`${ph({ name: file.name })} upload`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={uploading ? `${percent}% · ${speed}` : undefined}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      {uploading && <span className="transfer-rate">{speed}</span>}
      {file.error && <span className="field-error">{wizardText(shown, file.error)}</span>}
    </li>
  );
}

function QueuedTicket({ cmd, files }: { cmd: OutboxCommand; files: LocalFile[] }) {
  const { i18n: shown } = useLingui();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const body = cmd.body as CreateTicketCommandBody;
  const title = [body.make, body.model, body.year].filter(Boolean).join(' ');
  const failed = cmd.status === 'failed';
  /* eslint-disable lingui/no-unlocalized-strings -- keys of STATE_WORDS, shown translated */
  const status: keyof typeof STATE_WORDS = failed
    ? 'Failed'
    : files.some((f) => f.status === 'paused')
      ? 'Paused'
      : !online
        ? 'Waiting for network'
        : files.length > 0 && files.every((f) => f.status === 'done')
          ? 'Submitting'
          : 'Uploading';
  /* eslint-enable lingui/no-unlocalized-strings */

  async function retry() {
    setBusy(true);
    try {
      await retryCommand(cmd.id!);
    } finally {
      setBusy(false);
    }
    send(cmd.id!);
  }

  async function discard() {
    setBusy(true);
    try {
      await discardQueuedTicket(cmd.id!);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="wiz-queued" data-testid="queued-ticket">
      <div className="wiz-queued-head">
        <div>
          <strong>{title || <Trans>ECU file</Trans>}</strong>
          <span className="wiz-queued-reg">{body.registration}</span>
        </div>
        <span className={`badge ${failed ? 'badge-failed' : 'badge-pending'}`}>
          {shown._(STATE_WORDS[status])}
        </span>
      </div>
      <ul className="wiz-upload-list">
        {files.map((f) => (
          <UploadProgress key={f.id} file={f} commandId={cmd.id!} />
        ))}
      </ul>
      {failed && (
        <div className="notice notice-error notice-row">
          <span>{wizardText(shown, cmd.error || CREATE_FAILED_TEXT)}</span>
          <span className="wiz-queued-actions">
            <button type="button" className="btn btn-secondary btn-sm" onClick={retry} disabled={busy}>
              <Trans>Retry</Trans>
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={discard} disabled={busy}>
              <Trans>Discard</Trans>
            </button>
          </span>
        </div>
      )}
    </li>
  );
}

/**
 * Tickets submitted on this device that the server has not confirmed yet, each with its
 * files' progress. Renders nothing when there are none. (For My Files, above the table.)
 */
export function QueuedTickets() {
  const queue = useLiveQuery(async () => {
    const commands = await localDb.outbox.where('kind').equals(CREATE_TICKET_KIND).sortBy('id');
    const ids = commands.flatMap((c) => (c.body as Partial<CreateTicketCommandBody>).localFileIds ?? []);
    const rows = await localDb.localFiles.bulkGet(ids);
    const byId = new Map(rows.filter((r): r is LocalFile => Boolean(r)).map((r) => [r.id, r]));
    return commands.map((cmd) => ({
      cmd,
      files: ((cmd.body as Partial<CreateTicketCommandBody>).localFileIds ?? []).flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      }),
    }));
  }, []);
  if (!queue || queue.length === 0) return null;
  return (
    <section className="card wiz-queue" aria-labelledby="queued-heading">
      <div className="wiz-card-head">
        <h2 id="queued-heading">
          <Trans>Waiting to be sent</Trans>
        </h2>
        <p className="muted">
          <Trans>These files are kept on this device until the server has them.</Trans>
        </p>
      </div>
      <ul className="wiz-queued-list">
        {queue.map(({ cmd, files }) => (
          <QueuedTicket key={cmd.id} cmd={cmd} files={files} />
        ))}
      </ul>
    </section>
  );
}
