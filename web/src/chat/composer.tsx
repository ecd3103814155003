import { formatFileSize } from '@ecu/shared';
import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_TEXT_MAX,
  type ChatAttachment,
  composeText,
} from '@ecu/shared/chat/message';
import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useFormatLocale } from '../i18n';
import { useTransferRate } from '../ui/use-transfer-rate';
import { ATTACH_OFFLINE, textWithFiles } from './attachments';
import { PaperclipIcon } from './chat-icons';
import { type ComposerReplies, useSlashMenu } from './slash-menu';
import { type PickedFile, useAttachments } from './use-attachments';

function FileRow({ file, onRemove }: { file: PickedFile; onRemove: () => void }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const name = file.name;
  const percent = file.size > 0 ? Math.round((file.sent / file.size) * 100) : 0;
  const speed = useTransferRate(file.sent, file.size, file.status === 'uploading' ? 'active' : 'done');
  return (
    <li className={`chat-pick is-${file.status}`} data-testid="chat-attachment">
      <span className="chat-pick-name" title={file.name}>
        {file.name}
      </span>
      <span className="chat-pick-size">{formatFileSize(file.size, locale)}</span>
      {file.status === 'uploading' && (
        <>
          <progress
            max={100}
            value={percent}
            aria-label={t`Uploading ${name}`}
            aria-valuetext={`${percent}% · ${speed}`}
          >
            {percent}%
          </progress>
          <span className="chat-pick-state">{speed}</span>
        </>
      )}
      {file.status === 'done' && (
        <span className="chat-pick-state">
          <Trans>Uploaded</Trans>
        </span>
      )}
      {file.status === 'failed' && <span className="chat-pick-state status-failed">{file.error}</span>}
      <button type="button" className="chat-pick-remove" onClick={onRemove} aria-label={t`Remove ${name}`}>
        ×
      </button>
    </li>
  );
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line, blank text is not sent, the
 * box clears once the message is in the chat (pending without a connection). Files upload as
 * soon as they are picked; a message with files goes once all of them have uploaded.
 * With `replies` (staff only), a slash at the start opens the canned replies (slash-menu.tsx).
 */
export function Composer({
  disabled,
  online,
  onSend,
  onTyped,
  onProblem,
  replies,
}: {
  disabled: boolean;
  online: boolean;
  onSend: (text: string, attachments?: ChatAttachment[]) => boolean;
  onTyped: () => void;
  onProblem: (text: string) => void;
  replies?: ComposerReplies | undefined;
}) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const reasonId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [waiting, setWaiting] = useState(false);
  const { files, add, remove, clear, ready, attachments } = useAttachments(onProblem);
  const slash = useSlashMenu(replies, text, (filled) => {
    setText(filled);
    onTyped();
  });

  // A message with files goes once every file has uploaded.
  useEffect(() => {
    if (!waiting || !ready) return;
    setWaiting(false);
    if (files.length === 0) return;
    const body = textWithFiles(
      composeText(text),
      files.map((f) => f.name),
    );
    if (body && onSend(body, attachments)) {
      setText('');
      clear();
    }
  }, [waiting, ready, files, text, attachments, onSend, clear]);

  function submit() {
    if (disabled || waiting) return;
    if (files.length > 0) {
      setWaiting(true);
      return;
    }
    const body = composeText(text);
    if (body && onSend(body)) setText('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (slash.onKeyDown(e)) return;
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  }

  const canAttach = online && !disabled && !waiting && files.length < CHAT_ATTACHMENTS_MAX;
  const nothing = composeText(text) === null && files.length === 0;

  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {files.length > 0 && (
        <ul className="chat-picks" aria-label={t`Files to send`}>
          {files.map((file) => (
            <FileRow key={file.key} file={file} onRemove={() => remove(file.key)} />
          ))}
        </ul>
      )}
      {slash.menu}
      <div className="chat-compose-row">
        <button
          type="button"
          className="chat-attach"
          aria-label={t`Attach a file`}
          aria-describedby={online ? undefined : reasonId}
          title={online ? t`Attach a file` : i18n._(ATTACH_OFFLINE)}
          disabled={!canAttach}
          onClick={() => fileInput.current?.click()}
        >
          <PaperclipIcon />
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="sr-only">
          <Trans>Message</Trans>
        </label>
        <textarea
          id={inputId}
          className="input chat-input"
          rows={1}
          maxLength={CHAT_TEXT_MAX}
          placeholder={replies ? t`Write a message… (/ for canned replies)` : t`Write a message…`}
          {...slash.inputProps}
          value={text}
          disabled={disabled || waiting}
          onChange={(e) => {
            setText(e.target.value);
            onTyped();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn chat-send" disabled={disabled || waiting || nothing}>
          <Trans>Send</Trans>
        </button>
      </div>
      {!online && (
        <p id={reasonId} className="chat-hint">
          {i18n._(ATTACH_OFFLINE)} <Trans>Messages are kept and sent when you are back online.</Trans>
        </p>
      )}
      {waiting && (
        <p className="chat-hint" role="status">
          {files.some((f) => f.status === 'failed')
            ? t`A file failed to upload: remove it to send the message.`
            : t`The message is sent once the files have uploaded.`}
        </p>
      )}
    </form>
  );
}
