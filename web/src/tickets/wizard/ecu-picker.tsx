import { ECU_NAMES, searchEcus } from '@ecu/shared';
import { ph } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useDeferredValue, useEffect, useId, useRef, useState } from 'react';

/**
 * The ECU ID picker (docs/product.md#4-the-upload-wizard): a button that shows the chosen name
 * or 'Select ECU ID' and opens 'Search ECU ID (N Total)'. An empty search lists the first 50; typing matches any
 * part of the name, case-insensitively, over all of them.
 */
export function EcuPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (name: string) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The dialog is there to search: the box takes the focus (not the close button).
      dialog.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function close(name?: string) {
    if (name !== undefined) onChange(name);
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        className={`wiz-ecu-button${value ? ' chosen' : ''}`}
        aria-haspopup="dialog"
        aria-describedby={`${id}-label`}
        onClick={() => setOpen(true)}
      >
        <span className="wiz-ecu-value">{value || t`Select ECU ID`}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4 4" strokeLinecap="round" />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape (the native cancel) is the keyboard way out */}
      <dialog
        ref={dialogRef}
        className="wiz-dialog"
        aria-labelledby={`${id}-title`}
        onClose={() => open && close()}
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
      >
        {open && (
          <EcuSearch titleId={`${id}-title`} selected={value} onPick={close} onCancel={() => close()} />
        )}
      </dialog>
    </>
  );
}

function EcuSearch({
  titleId,
  selected,
  onPick,
  onCancel,
}: {
  titleId: string;
  selected: string;
  onPick: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = searchEcus(deferred);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const total = ECU_NAMES.length;
  const searching = deferred.trim() !== '';

  function focusItem(index: number) {
    const items = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
    if (!items || items.length === 0) return;
    const i = Math.max(0, Math.min(items.length - 1, index));
    items[i]?.focus();
  }

  function onListKey(e: KeyboardEvent<HTMLUListElement>) {
    const items = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusItem(at + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (at <= 0) document.getElementById(`${listId}-search`)?.focus();
      else focusItem(at - 1);
    }
  }

  return (
    <div className="wiz-dialog-card">
      <div className="wiz-dialog-head">
        <h2 id={titleId}>
          <Trans>Search ECU ID ({total} Total)</Trans>
        </h2>
        <button type="button" className="wiz-icon-btn" aria-label={t`Close`} onClick={onCancel}>
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="wiz-search">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4 4" strokeLinecap="round" />
        </svg>
        <input
          id={`${listId}-search`}
          type="search"
          className="input"
          placeholder={t`Search ECU...`}
          aria-label={t`Search ECU`}
          aria-controls={listId}
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              focusItem(0);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              const first = results[0];
              if (searching && first) onPick(first);
            }
          }}
        />
      </div>
      <p className="wiz-search-status" role="status">
        {!searching ? (
          t`Start typing to search all ${total} ECUs.`
        ) : results.length > 0 ? (
          <Plural value={results.length} one="Found # results." other="Found # results." />
        ) : (
          t`No ECU found matching "${ph({ query: deferred.trim() })}"`
        )}
      </p>
      {results.length > 0 && (
        <ul
          ref={listRef}
          id={listId}
          className="wiz-ecu-list"
          aria-label={t`ECU types`}
          onKeyDown={onListKey}
        >
          {results.map((name) => (
            <li key={name}>
              <button
                type="button"
                className={name === selected ? 'selected' : undefined}
                aria-pressed={name === selected}
                onClick={() => onPick(name)}
              >
                <Highlighted text={name} query={searching ? deferred.trim() : ''} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="wiz-dialog-foot">
        {selected ? (
          <button type="button" className="btn-link" onClick={() => onPick('')}>
            <Trans>Clear selection</Trans>
          </button>
        ) : (
          <span />
        )}
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}

/** The matched part of a name in bold, so a tuner sees why it is listed. */
function Highlighted({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + query.length)}</mark>
      {text.slice(at + query.length)}
    </>
  );
}
