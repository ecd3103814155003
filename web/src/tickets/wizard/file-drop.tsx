import { formatFileSize } from '@ecu/shared';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useFormatLocale } from '../../i18n';
import type { WizardFile } from './wizard-state';

/**
 * A drop zone that is also a file picker (click, Enter or Space opens it). Picked and
 * dropped files go through the same `onAdd` check, so the size limits apply to both; the
 * input is always cleared afterwards (a refused file leaves nothing behind, and the same
 * file can be picked again).
 */
export function FileDrop({
  id,
  label,
  required = false,
  multiple = false,
  files,
  onAdd,
  onRemove,
  error,
  hint,
  emptyText,
}: {
  id: string;
  label: string;
  required?: boolean;
  multiple?: boolean;
  files: WizardFile[];
  /** Returns true when the files were taken. */
  onAdd: (files: File[]) => boolean;
  onRemove: (id: string) => void;
  error?: string;
  hint: string;
  emptyText: string;
}) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const errorId = useId();

  function take(list: FileList | null) {
    const picked = list ? Array.from(list) : [];
    if (picked.length > 0) onAdd(multiple ? picked : picked.slice(0, 1));
    if (inputRef.current) inputRef.current.value = '';
  }

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  }

  const single = !multiple && files[0];

  return (
    <div className="wiz-drop-field">
      <span className="wiz-drop-label" id={`${id}-label`}>
        {label}
        {required ? (
          <span className="req" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="wiz-optional"> {t`(optional)`}</span>
        )}
      </span>
      <label
        htmlFor={id}
        className={`wiz-drop${dragging ? ' dragging' : ''}${error ? ' invalid' : ''}${single ? ' has-file' : ''}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={id}
          name={id}
          type="file"
          className="visually-hidden"
          multiple={multiple}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={Boolean(error)}
          onChange={(e) => take(e.currentTarget.files)}
        />
        <span className="wiz-drop-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" strokeLinecap="round" />
          </svg>
        </span>
        <span className="wiz-drop-text">
          <strong>{single ? t`Replace file` : dragging ? t`Drop to add` : emptyText}</strong>
          <span id={hintId} className="wiz-drop-hint">
            <Trans>
              Drag and drop, or <span className="wiz-drop-browse">browse</span>.
            </Trans>{' '}
            {hint}
          </span>
        </span>
      </label>
      {files.length > 0 && (
        <ul className="wiz-file-list" aria-label={t`${label}: chosen files`}>
          {files.map((f) => (
            <li key={f.id} className="wiz-file">
              <span className="wiz-file-icon" aria-hidden="true">
                <svg
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                >
                  <path
                    d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"
                    strokeLinejoin="round"
                  />
                  <path d="M14 3v5h5" strokeLinejoin="round" />
                </svg>
              </span>
              <span className="wiz-file-name" title={f.file.name}>
                {f.file.name}
              </span>
              <span className="wiz-file-size">{formatFileSize(f.file.size, locale)}</span>
              <button
                type="button"
                className="wiz-icon-btn"
                aria-label={t`Remove ${ph({ name: f.file.name })}`}
                onClick={() => onRemove(f.id)}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="16"
                  height="16"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
