import { formatFileSize, TUNED_FILE_MAX_BYTES, UPLOAD_CHUNK_SIZE, UPLOAD_MESSAGES } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { DetailedError, Upload } from 'tus-js-client';
import { useFormatLocale } from '../i18n';
import { messageOf } from '../local/api-client';
import { ADMIN_MESSAGES, adminTicketsApi, type TicketView } from '../tickets';
import { useTransferRate } from '../ui/use-transfer-rate';

const UPLOADS_ENDPOINT = '/api/uploads';

class UploadCancelled extends Error {}

/** The text of a refused tus request (the server answers plain text, e.g. the size limit). */
function tusMessage(err: unknown): string | null {
  if (!(err instanceof DetailedError)) return null;
  const status = err.originalResponse?.getStatus() ?? 0;
  const body = err.originalResponse?.getBody()?.trim() ?? '';
  if (status >= 400 && status < 500 && body && body.length < 300 && !body.startsWith('<')) return body;
  return null;
}

interface Running {
  upload: Upload;
  cancel: () => void;
}

/**
 * Sends the file over tus (purpose 'tuned', 5 MiB chunks, resumable: an interrupted upload of
 * the same file continues from the server's offset) and resolves with the upload id.
 */
function uploadTunedFile(
  file: File,
  onProgress: (sent: number, total: number) => void,
  onStart: (running: Running) => void,
  /** The failure when the server's answer names no upload, in the reader's language. */
  noIdText: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', purpose: 'tuned' },
      removeFingerprintOnSuccess: true,
      onProgress,
      onError: reject,
      onSuccess: () => {
        const id = upload.url?.split('/').filter(Boolean).pop();
        if (id) resolve(id);
        else reject(new Error(noIdText));
      },
    });
    onStart({
      upload,
      cancel: () => {
        // terminate: the server drops the partial file at once instead of at expiry.
        upload.abort(true).catch(() => undefined);
        reject(new UploadCancelled());
      },
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      })
      .catch(() => undefined)
      .finally(() => upload.start());
  });
}

type Phase = 'idle' | 'uploading' | 'attaching';

/**
 * The File Status card's tuned-file upload: choose, upload with a progress bar, attach to the
 * ticket (PUT /admin/uploadTunedFile { ticketNumber, tunedFileUploadId }). Online only: admins
 * act on live data, nothing is queued (docs/decisions/014-admin-data-with-tanstack-query.md).
 */
export function TunedFileUpload({
  ticketNumber,
  online,
  onUploaded,
}: {
  ticketNumber: number;
  online: boolean;
  onUploaded: (ticket: TicketView) => void;
}) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const running = useRef<Running | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState({ sent: 0, total: 0 });

  // Leaving the page stops the transfer (it resumes if the same file is chosen again).
  useEffect(
    () => () => {
      running.current?.upload.abort().catch(() => undefined);
    },
    [],
  );

  const busy = phase !== 'idle';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!online || busy) return;
    if (!file) {
      toast.error(ADMIN_MESSAGES.noTunedFile);
      inputRef.current?.focus();
      return;
    }
    if (file.size <= 0) {
      toast.error(UPLOAD_MESSAGES.empty);
      return;
    }
    if (file.size > TUNED_FILE_MAX_BYTES) {
      toast.error(UPLOAD_MESSAGES.ecuTooLarge);
      return;
    }
    setPhase('uploading');
    setProgress({ sent: 0, total: file.size });
    try {
      const uploadId = await uploadTunedFile(
        file,
        (sent, total) => setProgress({ sent, total }),
        (r) => {
          running.current = r;
        },
        t`The upload finished without an id`,
      );
      running.current = null;
      setPhase('attaching');
      const { data, message } = await adminTicketsApi.attachTunedFile(ticketNumber, uploadId);
      toast.success(message || t`Tuned file uploaded successfully`);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onUploaded(data);
    } catch (err) {
      if (err instanceof UploadCancelled) toast.info(t`Upload cancelled`);
      else toast.error(tusMessage(err) ?? messageOf(err, ADMIN_MESSAGES.tunedFailed));
    } finally {
      running.current = null;
      setPhase('idle');
    }
  }

  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
  const sentSize = formatFileSize(progress.sent, locale);
  const totalSize = formatFileSize(progress.total, locale);
  const speed = useTransferRate(progress.sent, progress.total, phase === 'uploading' ? 'active' : 'done');

  return (
    <form className="tuned-upload" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="tuned-upload-label">
        <Trans>Choose a tuned file</Trans>
      </label>
      <div className="tuned-upload-row">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="tuned-upload-input"
          aria-describedby={hintId}
          disabled={!online || busy}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {phase === 'uploading' ? (
          <button type="button" className="btn btn-secondary" onClick={() => running.current?.cancel()}>
            <Trans>Cancel</Trans>
          </button>
        ) : (
          <button type="submit" className="btn btn-dark" disabled={!online || busy}>
            {phase === 'attaching' ? t`Saving...` : t`Upload`}
          </button>
        )}
      </div>
      <p id={hintId} className="tuned-upload-hint muted">
        {!online
          ? t`Uploads need a connection; nothing is queued while offline.`
          : file
            ? `${file.name} · ${formatFileSize(file.size, locale)}`
            : t`Any file type, up to 20.00 MB. The customer can download it once the status is Unlocked.`}
      </p>
      {busy && (
        <div className="tuned-progress">
          <div
            className="tuned-progress-bar"
            role="progressbar"
            aria-label={t`Tuned file upload`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={phase === 'uploading' ? `${percent}% · ${speed}` : undefined}
          >
            <span style={{ width: `${phase === 'attaching' ? 100 : percent}%` }} />
          </div>
          <span className="tuned-progress-text">
            {phase === 'attaching'
              ? t`Attaching to the ticket...`
              : `${percent}% · ${t`${sentSize} of ${totalSize}`} · ${speed}`}
          </span>
        </div>
      )}
    </form>
  );
}
