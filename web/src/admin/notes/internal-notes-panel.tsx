import { formatDateTime, type InternalNoteDto, NOTE_MAX_LENGTH } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { useFormatLocale } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { useOfflineActionText } from '../use-admin-command';
import { noteKeys, notesApi } from './notes-api';
import './notes.css';

type Target = 'ticket' | 'software';

/**
 * 'Internal notes' beside the admin ticket page's chat: staff only, marked 'Internal' so no one
 * mistakes it for the chat. The ticket's notes, then those of the read's software version.
 */
export function InternalNotesPanel({ ticketNumber, online }: { ticketNumber: number; online: boolean }) {
  const { t } = useLingui();
  const offlineText = useOfflineActionText();
  const headingId = useId();
  const textId = useId();
  const hintId = useId();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [target, setTarget] = useState<Target>('ticket');
  const query = useQuery({
    queryKey: noteKeys.ticket(ticketNumber),
    queryFn: async ({ signal }) => (await notesApi.ofTicket(ticketNumber, signal)).data,
  });
  const softwareNumber = query.data?.softwareNumber ?? null;
  const add = useMutation({
    mutationFn: async (input: { target: Target; text: string }) =>
      input.target === 'software' && softwareNumber
        ? notesApi.addToSoftware(softwareNumber, input.text)
        : notesApi.addToTicket(ticketNumber, input.text),
    onSuccess: () => {
      setText('');
      void client.invalidateQueries({ queryKey: noteKeys.ticket(ticketNumber) });
    },
    onError: (err) => toast.error(messageOf(err, t`The note was not saved`)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim() || add.isPending || !online) return;
    add.mutate({ target: softwareNumber ? target : 'ticket', text: text.trim() });
  }

  const data = query.data;
  return (
    <section className="card ticket-card internal-notes" aria-labelledby={headingId}>
      <div className="internal-notes-head">
        <h2 id={headingId}>
          <Trans>Internal notes</Trans>
        </h2>
        <span className="badge badge-internal">
          <Trans>Internal</Trans>
        </span>
      </div>
      <p className="muted internal-notes-hint" id={hintId}>
        <Trans>Staff only: the customer never sees these.</Trans>
      </p>
      {query.error && !data ? (
        <div className="notice notice-error notice-row" role="alert">
          <span>{messageOf(query.error, t`Failed to load the notes`)}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : !data ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading notes...</Trans>
        </p>
      ) : (
        <>
          <NoteList
            title={t`On this ticket`}
            notes={data.ticketNotes}
            empty={t`No notes on this ticket yet.`}
          />
          {data.softwareNumber && (
            <NoteList
              title={t`On software ${softwareNumber}`}
              notes={data.softwareNotes}
              empty={t`No notes on this software yet.`}
            />
          )}
        </>
      )}
      <form className="internal-notes-form" onSubmit={submit}>
        {softwareNumber && (
          <fieldset className="internal-notes-target">
            <legend>
              <Trans>Note on</Trans>
            </legend>
            <label>
              <input
                type="radio"
                name={`note-target-${ticketNumber}`}
                value="ticket"
                checked={target === 'ticket'}
                onChange={() => setTarget('ticket')}
              />{' '}
              <Trans>This ticket</Trans>
            </label>
            <label>
              <input
                type="radio"
                name={`note-target-${ticketNumber}`}
                value="software"
                checked={target === 'software'}
                onChange={() => setTarget('software')}
              />{' '}
              <Trans>Software {softwareNumber} (every ticket with it)</Trans>
            </label>
          </fieldset>
        )}
        <label htmlFor={textId}>
          <Trans>New internal note</Trans>
        </label>
        <textarea
          id={textId}
          className="input"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          aria-describedby={hintId}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
          }}
        />
        <div className="form-actions">
          <button type="submit" className="btn" disabled={!online || add.isPending || !text.trim()}>
            {add.isPending ? t`Saving...` : t`Add note`}
          </button>
        </div>
        {!online && <p className="muted">{offlineText}</p>}
      </form>
    </section>
  );
}

function NoteList({ title, notes, empty }: { title: string; notes: InternalNoteDto[]; empty: string }) {
  const locale = useFormatLocale();
  const headingId = useId();
  return (
    <div className="internal-notes-group">
      <h3 className="ticket-subhead" id={headingId}>
        {title}
      </h3>
      {notes.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="internal-notes-list" aria-labelledby={headingId}>
          {notes.map((note) => (
            <li key={note.id} className="internal-note">
              <p className="internal-note-text">{note.text}</p>
              <p className="muted internal-note-meta">
                {note.author} ·{' '}
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt, undefined, locale)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
