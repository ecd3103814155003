import {
  CANNED_REPLY_BODY_MAX,
  CANNED_REPLY_PLACEHOLDERS,
  CANNED_REPLY_TITLE_MAX,
  type CannedReplyDto,
  type CannedReplyInput,
  cannedReplySchema,
} from '@ecu/shared/chat/canned-replies';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { addValidationMessages, validationMessage } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { errorIdOf, Field } from '../../ui/field';
import { ConfirmDialog } from '../confirm-dialog';
import { useOfflineActionText } from '../use-admin-command';
import { cannedRepliesApi, cannedReplyKeys, useCannedReplies } from './replies-api';
import './canned-replies.css';

type Errors = Partial<Record<keyof CannedReplyInput, string>>;

// The shared schema's messages (shared/src/chat/canned-replies.ts) in the reader's language.
addValidationMessages([
  ['Give the reply a title', msg`Give the reply a title`],
  [
    `A title is at most ${CANNED_REPLY_TITLE_MAX} characters`,
    msg`A title is at most ${CANNED_REPLY_TITLE_MAX} characters`,
  ],
  ['Write the reply', msg`Write the reply`],
  [
    `A reply is at most ${CANNED_REPLY_BODY_MAX} characters`,
    msg`A reply is at most ${CANNED_REPLY_BODY_MAX} characters`,
  ],
]);

const PLACEHOLDER_TEXT = CANNED_REPLY_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');

/**
 * The staff's shared canned replies (docs/decisions/088-canned-replies.md): add, edit, delete.
 * A ticket chat's composer offers them after a slash, filled for the ticket's customer.
 */
export function CannedRepliesSection({ online }: { online: boolean }) {
  const { t } = useLingui();
  const offlineText = useOfflineActionText();
  const headingId = useId();
  const hintId = useId();
  const titleId = useId();
  const bodyId = useId();
  const client = useQueryClient();
  const query = useCannedReplies();
  const [editing, setEditing] = useState<CannedReplyDto | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [deleting, setDeleting] = useState<CannedReplyDto | null>(null);

  function reset() {
    setEditing(null);
    setTitle('');
    setBody('');
    setErrors({});
  }

  const save = useMutation({
    mutationFn: (input: CannedReplyInput) =>
      editing ? cannedRepliesApi.edit(editing.id, input) : cannedRepliesApi.add(input),
    onSuccess: (res) => {
      toast.success(res.message);
      reset();
      void client.invalidateQueries({ queryKey: cannedReplyKeys.all });
    },
    onError: (err) => toast.error(messageOf(err, t`The reply was not saved`)),
  });
  const remove = useMutation({
    mutationFn: (reply: CannedReplyDto) => cannedRepliesApi.remove(reply.id),
    onSuccess: (res, reply) => {
      toast.success(res.message);
      setDeleting(null);
      if (editing?.id === reply.id) reset();
      void client.invalidateQueries({ queryKey: cannedReplyKeys.all });
    },
    onError: (err) => toast.error(messageOf(err, t`The reply was not deleted`)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending || !online) return;
    const parsed = cannedReplySchema.safeParse({ title, body });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'body') && !found[field])
          found[field] = validationMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  function startEdit(reply: CannedReplyDto) {
    setEditing(reply);
    setTitle(reply.title);
    setBody(reply.body);
    setErrors({});
    document.getElementById(titleId)?.focus();
  }

  const replies = query.data;
  const editingTitle = editing?.title;
  const deletingTitle = deleting?.title ?? '';
  return (
    <section className="card admin-card canned-replies" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Canned replies</Trans>
      </h2>
      <p className="muted" id={hintId}>
        <Trans>
          Type / at the start of a message in a ticket's chat to insert one, filled for that customer.
          Placeholders: {PLACEHOLDER_TEXT}.
        </Trans>
      </p>
      {query.error && !replies ? (
        <div className="notice notice-error notice-row" role="alert">
          <span>{messageOf(query.error, t`Failed to load the canned replies`)}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : !replies ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading canned replies...</Trans>
        </p>
      ) : replies.length === 0 ? (
        <p className="muted">
          <Trans>No canned replies yet.</Trans>
        </p>
      ) : (
        <ul className="canned-reply-list" aria-labelledby={headingId}>
          {replies.map((reply) => (
            <li key={reply.id} className="canned-reply">
              <div className="canned-reply-text">
                <h3 className="canned-reply-title">{reply.title}</h3>
                <p className="canned-reply-body">{reply.body}</p>
              </div>
              <div className="canned-reply-actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={t`Edit ${reply.title}`}
                  onClick={() => startEdit(reply)}
                >
                  <Trans>Edit</Trans>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={t`Delete ${reply.title}`}
                  disabled={!online}
                  onClick={() => setDeleting(reply)}
                >
                  <Trans>Delete</Trans>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <form className="canned-reply-form" onSubmit={submit} noValidate>
        <h3 className="ticket-subhead">{editing ? t`Edit “${editingTitle}”` : t`New canned reply`}</h3>
        <Field id={titleId} label={t`Title`} error={errors.title}>
          <input
            id={titleId}
            className="input"
            value={title}
            maxLength={CANNED_REPLY_TITLE_MAX}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? errorIdOf(titleId) : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field id={bodyId} label={t`Reply`} error={errors.body}>
          <textarea
            id={bodyId}
            className="input"
            rows={4}
            value={body}
            maxLength={CANNED_REPLY_BODY_MAX}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${errorIdOf(bodyId)} ${hintId}` : hintId}
            onChange={(e) => setBody(e.target.value)}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="btn" disabled={!online || save.isPending}>
            {save.isPending ? t`Saving...` : editing ? t`Save reply` : t`Add reply`}
          </button>
          {editing && (
            <button type="button" className="btn btn-secondary" onClick={reset}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </div>
        {!online && <p className="muted">{offlineText}</p>}
      </form>

      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this canned reply?`}
        confirmLabel={t`Delete`}
        busy={remove.isPending}
        disabled={!online}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>{t`“${deletingTitle}” goes for every member of staff.`}</p>
      </ConfirmDialog>
    </section>
  );
}
