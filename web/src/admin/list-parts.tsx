import { formatDateTime } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useIsRestoring } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useFormatLocale } from '../i18n';
import { useOfflineActionText } from './use-admin-command';
import type { AdminList } from './use-admin-list';
import './admin.css';

/** The pieces every admin list shares: header, search box, offline notice, state rows and 'Load more'. */

/**
 * Renders its screen once the persisted query cache is back (a few milliseconds after a
 * reload), so that the screen's first render reads what it remembered, online or not.
 */
export function AfterRestore({ children }: { children: ReactNode }) {
  if (useIsRestoring()) {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }
  return children;
}

export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="admin-field admin-search">
      <label htmlFor={id}>{label}</label>
      <div className="admin-search-box">
        <svg viewBox="0 0 20 20" aria-hidden="true" className="admin-search-icon">
          <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m14 14 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={id}
          type="search"
          className="input"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
    </div>
  );
}

/**
 * An address that may wrap only before its '@', never inside a name part; left to right inside
 * right-to-left text (docs/decisions/094-right-to-left.md).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0)
    return (
      <bdi dir="ltr" className="admin-nowrap">
        {email}
      </bdi>
    );
  return (
    <bdi dir="ltr">
      <span className="admin-nowrap">{email.slice(0, at)}</span>
      <wbr />
      <span className="admin-nowrap">{email.slice(at)}</span>
    </bdi>
  );
}

/** An admin page's title, marked 'Offline copy' when it shows remembered data, and its lead. */
export function AdminPageHeader({
  title,
  offline,
  children,
}: {
  title: string;
  offline: boolean;
  children: ReactNode;
}) {
  return (
    <div className="page-header">
      <div className="title-row">
        <h1>{title}</h1>
        {offline && (
          <span className="badge badge-offline">
            <Trans>Offline copy</Trans>
          </span>
        )}
      </div>
      <p>{children}</p>
    </div>
  );
}

/** A load that failed while online, with a way to ask again. */
export function LoadErrorNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice-error notice-row" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

export function OfflineNotice({ loadedAt }: { loadedAt: number | null }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const offlineText = useOfflineActionText();
  const loaded = loadedAt ? formatDateTime(loadedAt, undefined, locale) : null;
  return (
    <div className="notice notice-warn admin-offline" role="status">
      <strong>
        <Trans>Offline: showing the last loaded data</Trans>
      </strong>
      <span>
        {loaded ? `${t`Loaded ${loaded}.`} ` : ''}
        {offlineText}
      </span>
    </div>
  );
}

/** A message in place of the table rows (loading, empty, failed, offline with no copy). */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr className="admin-table-message">
      <td colSpan={colSpan}>{children}</td>
    </tr>
  );
}

/** The state rows every admin table shows instead of data; null when there are rows. */
export function listStateRow<T>(
  list: AdminList<T>,
  { colSpan, loading, empty }: { colSpan: number; loading: string; empty: string },
): ReactNode {
  if (list.status === 'loading') {
    return (
      <TableMessage colSpan={colSpan}>
        <span role="status">{loading}</span>
      </TableMessage>
    );
  }
  if (list.status === 'error') {
    return (
      <TableMessage colSpan={colSpan}>
        <span className="status-failed">{list.error}</span>{' '}
        <button type="button" className="btn btn-secondary btn-sm" onClick={list.retry}>
          <Trans>Try again</Trans>
        </button>
      </TableMessage>
    );
  }
  if (list.status === 'unavailable') {
    return (
      <TableMessage colSpan={colSpan}>
        <Trans>You are offline, and this list has not been loaded on this device yet.</Trans>
      </TableMessage>
    );
  }
  if (list.rows.length === 0) return <TableMessage colSpan={colSpan}>{empty}</TableMessage>;
  return null;
}

/**
 * What a list's footer counts: 'Showing 3 files' in the reader's language (a function of the
 * count, e.g. plural(count, { one: 'Showing # file', other: 'Showing # files' })), or the English
 * singular and plural nouns.
 */
export type ListNoun = [string, string] | ((count: number) => string);

export function ListFooter<T>({ list, noun }: { list: AdminList<T>; noun: ListNoun }) {
  const { t } = useLingui();
  if (list.status !== 'ready' || list.rows.length === 0) return null;
  const count = list.rows.length;
  const shown =
    typeof noun === 'function' ? noun(count) : t`Showing ${count} ${count === 1 ? noun[0] : noun[1]}`;
  return (
    <div className="admin-list-footer">
      <span className="muted">
        {shown}
        {list.hasMore ? t`; more are available` : ''}
      </span>
      {list.hasMore && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={list.loadMore}
          disabled={!list.online || list.loadingMore || list.searching}
          title={list.online ? undefined : t`More rows load when you are back online`}
        >
          {list.loadingMore ? t`Loading...` : t`Load more`}
        </button>
      )}
    </div>
  );
}

/**
 * A whole list screen: header, offline notice, and a card with the search box (plus any other
 * tools), the table (children) and its footer. `after` goes below the card (e.g. a dialog).
 */
export function ListDesk<T>({
  title,
  intro,
  label,
  list,
  search,
  tools,
  noun,
  after,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** The card's accessible name. */
  label: string;
  list: AdminList<T>;
  search: { label: string; placeholder: string };
  tools?: ReactNode;
  noun: ListNoun;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="stack admin-page">
      <AdminPageHeader title={title} offline={list.stale}>
        {intro}
      </AdminPageHeader>

      {list.stale && <OfflineNotice loadedAt={list.loadedAt} />}

      <section className="card admin-card" aria-label={label}>
        <div className="admin-toolbar">
          <SearchField
            label={search.label}
            placeholder={search.placeholder}
            value={list.q}
            onChange={list.setQ}
          />
          {tools}
        </div>

        <div className="admin-table-wrap" aria-busy={list.status === 'loading' || list.refreshing}>
          {children}
        </div>
        <ListFooter list={list} noun={noun} />
      </section>
      {after}
    </div>
  );
}
