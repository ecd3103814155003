import {
  type CannedReplyDto,
  fillCannedReply,
  matchCannedReplies,
  type PlaceholderValues,
  repliesForLanguage,
} from '@ecu/shared/chat/canned-replies';
import type { Locale } from '@ecu/shared/i18n/locales';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';

/**
 * The canned replies a staff composer offers (docs/decisions/088-canned-replies.md), and the
 * ticket's values for their placeholders. Only the staff's ticket page passes them: a customer's
 * composer has none, so it never opens the menu and nothing fetches the list.
 */
export interface ComposerReplies {
  /** undefined while the list loads. */
  list: readonly CannedReplyDto[] | undefined;
  /** Why the list is not there (a failed load, offline before the first); null while it loads. */
  problem?: string | null;
  values: PlaceholderValues;
  /** The customer's language: of a reply kept in several, the menu offers that version. */
  locale?: Locale | null;
}

/** "/text" on one line: the slash starts the message, what follows filters the titles. */
const SLASH = /^\/([^\n]*)$/;

/**
 * The slash menu's state for the composer's text. The focus stays in the message box, which
 * points at the highlighted option with aria-activedescendant (the listbox pattern of a
 * combobox); arrows move, Enter inserts the filled reply, Escape closes until the slash goes.
 */
export function useSlashMenu(
  replies: ComposerReplies | undefined,
  text: string,
  insert: (filled: string) => void,
) {
  const { t } = useLingui();
  const listId = useId();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const query = replies ? (SLASH.exec(text)?.[1] ?? null) : null;
  const list = replies?.list;
  const locale = replies?.locale;
  const matches = useMemo(
    () => (query === null || !list ? [] : matchCannedReplies(repliesForLanguage(list, locale), query)),
    [list, locale, query],
  );
  const open = query !== null && !dismissed;
  const at = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    setActive(0);
    if (query === null) setDismissed(false);
  }, [query]);

  useEffect(() => {
    if (!open || matches.length === 0) return;
    document.getElementById(`${listId}-option-${at}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, matches.length, at, listId]);

  function pick(reply: CannedReplyDto) {
    insert(fillCannedReply(reply.body, replies?.values ?? {}));
  }

  /** The box's keys while the menu is open; true when the menu took the key. */
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || e.nativeEvent.isComposing) return false;
    const n = matches.length;
    if (e.key === 'Escape') {
      setDismissed(true);
    } else if (e.key === 'ArrowDown' && n > 0) {
      setActive((at + 1) % n);
    } else if (e.key === 'ArrowUp' && n > 0) {
      setActive((at - 1 + n) % n);
    } else if (e.key === 'Enter' && !e.shiftKey && n > 0) {
      pick(matches[at]!);
    } else {
      return false;
    }
    e.preventDefault();
    return true;
  }

  const showsList = open && matches.length > 0;
  return {
    open,
    onKeyDown,
    /** For the message box: what the menu controls and which option is highlighted. */
    inputProps: {
      'aria-autocomplete': replies ? ('list' as const) : undefined,
      'aria-controls': showsList ? listId : undefined,
      'aria-activedescendant': showsList ? optionId(at) : undefined,
    },
    menu: open ? (
      <div className="chat-slash">
        {showsList ? (
          <div id={listId} role="listbox" aria-label={t`Canned replies`} className="chat-slash-list">
            {matches.map((reply, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the message box's (aria-activedescendant); the focus never leaves it
              <div
                key={reply.id}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === at}
                className={i === at ? 'chat-slash-option is-active' : 'chat-slash-option'}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(reply)}
              >
                <span className="chat-slash-title">{reply.title}</span>
                <span className="chat-slash-body">{reply.body}</span>
              </div>
            ))}
          </div>
        ) : (
          <p className="chat-slash-empty">
            {!list
              ? (replies?.problem ?? t`Loading canned replies…`)
              : list.length === 0
                ? t`No canned replies yet: staff add them on the Inbox page.`
                : t`No canned reply title holds "${query}".`}
          </p>
        )}
        <p className="sr-only" role="status">
          {showsList
            ? t`${plural(matches.length, { one: '# canned reply', other: '# canned replies' })}: arrow keys to choose, Enter to insert, Escape to close.`
            : ''}
        </p>
      </div>
    ) : null,
  };
}
