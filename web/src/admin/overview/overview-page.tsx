import { formatDateTime, formatGBP, type OverviewDto, type StorageUseDto, storageUseText } from '@ecu/shared';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useFormatLocale } from '../../i18n';
import { apiRequest, messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { StatusBadge } from '../../tickets';
import { AdminPageHeader, LoadErrorNotice, OfflineNotice } from '../list-parts';
import { ChartFigure } from './chart-figure';
import { automaticShare, formatWaited, spokenWaited } from './overview-format';
import {
  customRangeError,
  type DateRange,
  longDay,
  PERIOD_PRESETS,
  type Period,
  periodFromSearch,
  periodToSearch,
  rangeOf,
  rangeText,
  shortDay,
  todayIn,
} from './period';
import { RatingsCard } from './ratings-card';
import './overview.css';

const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function overviewPath({ from, to }: DateRange): string {
  return `/admin/overview?${new URLSearchParams({ from, to })}`;
}

/** The business's time zone as the last Overview answer gave it (days are counted there). */
function knownTimeZone(client: QueryClient): string | undefined {
  for (const [, data] of client.getQueriesData<OverviewDto>({ queryKey: ['admin', 'overview'] })) {
    if (data?.timeZone) return data.timeZone;
  }
  return undefined;
}

/** /dashboard for admins: the business at a glance for a chosen period. */
export default function OverviewPage() {
  const client = useQueryClient();
  const online = useOnline();
  const { t, i18n } = useLingui();
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search);
  const [timeZone, setTimeZone] = useState(() => knownTimeZone(client) ?? viewerTimeZone());
  const range = rangeOf(period, todayIn(timeZone));

  const query = useQuery({
    queryKey: ['admin', 'overview', range],
    queryFn: async ({ signal }) =>
      (await apiRequest<OverviewDto>('GET', overviewPath(range), undefined, { signal })).data,
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  // Presets count days in the business's zone; once the server has named it, use it.
  useEffect(() => {
    if (data?.timeZone && data.timeZone !== timeZone) setTimeZone(data.timeZone);
  }, [data?.timeZone, timeZone]);

  function choose(next: Period) {
    setSearch(periodToSearch(next), { replace: true });
  }

  const error = query.error ? messageOf(query.error, i18n._(msg`Failed to load the overview`)) : null;

  return (
    <div className="stack admin-page overview-page">
      <AdminPageHeader title={t`Overview`} offline={!online && Boolean(data)}>
        <Trans>
          The business at a glance: files, money, credits and new users for the period you choose.
        </Trans>
      </AdminPageHeader>

      <PeriodPicker period={period} range={range} onChoose={choose} />

      {!online && data && <OfflineNotice loadedAt={query.dataUpdatedAt || null} />}
      {online && error && <LoadErrorNotice message={error} onRetry={() => void query.refetch()} />}

      {!data ? (
        <section className="card" aria-busy={query.isFetching}>
          <p className="muted" role="status">
            {!online
              ? t`You are offline, and the overview for this period has not been loaded on this device yet.`
              : error
                ? t`The overview could not be loaded.`
                : t`Loading the overview...`}
          </p>
        </section>
      ) : (
        <OverviewBody
          data={data}
          stale={query.isPlaceholderData}
          loadedAt={query.dataUpdatedAt}
          fetching={query.isFetching}
          online={online}
          range={range}
          onRefresh={() => void query.refetch()}
        />
      )}
    </div>
  );
}

function PeriodPicker({
  period,
  range,
  onChoose,
}: {
  period: Period;
  range: DateRange;
  onChoose: (period: Period) => void;
}) {
  const errorId = useId();
  const { t, i18n } = useLingui();
  const [custom, setCustom] = useState<DateRange>(range);
  const [problem, setProblem] = useState<string | null>(null);

  // The custom fields follow the period shown (a preset fills them with its days).
  const { from, to } = range;
  useEffect(() => {
    setCustom({ from, to });
    setProblem(null);
  }, [from, to]);

  function apply(e: FormEvent) {
    e.preventDefault();
    const issue = customRangeError(custom, i18n);
    setProblem(issue);
    if (!issue) onChoose({ kind: 'custom', from: custom.from, to: custom.to });
  }

  return (
    <section className="card overview-period" aria-label={t`Period`}>
      <fieldset className="overview-presets">
        <legend className="sr-only">
          <Trans>Preset periods</Trans>
        </legend>
        {PERIOD_PRESETS.map((p) => {
          const active = period.kind === 'preset' && period.preset === p.id;
          return (
            <button
              key={p.id}
              type="button"
              className={`btn ${active ? 'btn-dark' : 'btn-secondary'} btn-sm`}
              aria-pressed={active}
              onClick={() => onChoose({ kind: 'preset', preset: p.id })}
            >
              {i18n._(p.label)}
            </button>
          );
        })}
      </fieldset>
      <form className="overview-custom" onSubmit={apply} noValidate aria-label={t`Custom period`}>
        <DateField
          label={t`From`}
          value={custom.from}
          max={custom.to || undefined}
          errorId={problem ? errorId : undefined}
          onChange={(from) => setCustom((c) => ({ ...c, from }))}
        />
        <DateField
          label={t`To`}
          value={custom.to}
          min={custom.from || undefined}
          errorId={problem ? errorId : undefined}
          onChange={(to) => setCustom((c) => ({ ...c, to }))}
        />
        <button
          type="submit"
          className={`btn ${period.kind === 'custom' ? 'btn-dark' : 'btn-secondary'} btn-sm`}
        >
          <Trans>Apply</Trans>
        </button>
        {problem && (
          <span id={errorId} className="field-error overview-custom-error" role="alert">
            {problem}
          </span>
        )}
      </form>
    </section>
  );
}

/** One end of the custom period; `errorId` names the range's error while there is one. */
function DateField({
  label,
  value,
  min,
  max,
  errorId,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  errorId: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        className="input"
        value={value}
        min={min}
        max={max}
        aria-invalid={Boolean(errorId)}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function OverviewBody({
  data,
  stale,
  loadedAt,
  fetching,
  online,
  range,
  onRefresh,
}: {
  data: OverviewDto;
  /** The previous period's figures, shown while this one loads. */
  stale: boolean;
  loadedAt: number;
  fetching: boolean;
  online: boolean;
  range: DateRange;
  onRefresh: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const lang = i18n.locale;
  const money = (n: number) => formatGBP(n, locale);
  const period = rangeText({ from: data.from, to: data.to }, lang);
  const { totals } = data;
  const waitingTotal = data.waitingByStatus.reduce((s, w) => s + w.count, 0);
  const dayLabels = data.filesPerDay.map((d) => shortDay(d.date, lang));
  const weekLabels = data.revenuePerWeek.map((w) => {
    const day = shortDay(w.weekStart, lang);
    return t`w/c ${day}`;
  });
  const timeZone = data.timeZone;
  const loaded = loadedAt > 0 ? formatDateTime(loadedAt, undefined, locale) : '';
  const vat = money(totals.vat);
  const creditsSold = totals.creditsSold;
  const creditsSpent = totals.creditsSpent;

  return (
    <div className="stack overview-body" aria-busy={fetching}>
      <div className="overview-meta">
        <span>
          <strong>{period}</strong> · <Trans>days in {timeZone}</Trans>
          {loadedAt > 0 && (
            <>
              {' '}
              · <Trans>loaded {loaded}</Trans>
            </>
          )}
          {stale && (
            <>
              {' '}
              · <Trans>loading the period you chose...</Trans>
            </>
          )}
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={onRefresh}
          disabled={!online || fetching}
        >
          {fetching ? t`Refreshing...` : t`Refresh`}
        </button>
      </div>

      <StorageWarning storage={data.storage} />

      <div className="overview-stats">
        <Stat label={t`Files submitted`} value={String(totals.files)} testId="stat-files" />
        <Stat
          label={t`Revenue (incl. VAT)`}
          value={money(totals.revenue)}
          note={t`VAT ${vat}`}
          testId="stat-revenue"
        />
        <Stat label={t`Credits sold`} value={t`${creditsSold} CRD`} testId="stat-credits-sold" />
        <Stat label={t`Credits spent`} value={t`${creditsSpent} CRD`} testId="stat-credits-spent" />
        <Stat label={t`New users`} value={String(totals.newUsers)} testId="stat-new-users" />
        <Stat
          label={t`Delivered automatically`}
          {...automaticShare(totals.delivered, totals.deliveredAutomatically, i18n)}
          testId="stat-automatic"
        />
      </div>

      <div className="overview-columns">
        <WaitingCard waiting={data.waitingByStatus} total={waitingTotal} />
        <ExportsCard range={range} online={online} />
      </div>

      <OldestWaiting rows={data.oldestWaiting} />

      {data.ratings && <RatingsCard ratings={data.ratings} />}

      <ChartFigure
        title={t`Files per day`}
        range={period}
        labels={dayLabels}
        values={data.filesPerDay.map((d) => d.count)}
        seriesLabel={t`Files`}
        colorVar="--chart-files"
        format={(n) => String(n)}
        integer
        testId="chart-files-per-day"
        columns={[
          { header: t`Day`, cell: (i) => longDay(data.filesPerDay[i]?.date ?? '', lang) },
          { header: t`Files`, cell: (i) => String(data.filesPerDay[i]?.count ?? 0) },
        ]}
      />
      <ChartFigure
        title={t`Revenue per week`}
        range={period}
        labels={weekLabels}
        values={data.revenuePerWeek.map((w) => w.amount)}
        seriesLabel={t`Revenue incl. VAT`}
        colorVar="--chart-revenue"
        format={money}
        testId="chart-revenue-per-week"
        columns={[
          { header: t`Week starting`, cell: (i) => longDay(data.revenuePerWeek[i]?.weekStart ?? '', lang) },
          { header: t`Revenue (incl. VAT)`, cell: (i) => money(data.revenuePerWeek[i]?.amount ?? 0) },
          { header: t`VAT`, cell: (i) => money(data.revenuePerWeek[i]?.vat ?? 0) },
          { header: t`Payments`, cell: (i) => String(data.revenuePerWeek[i]?.payments ?? 0) },
        ]}
      />
    </div>
  );
}

/**
 * The file store's disk at 90% used or more: uploads are refused (507) once it is full, so the
 * admin hears of it first (docs/decisions/071-faults-answer-503-and-507.md). Null with S3.
 */
function StorageWarning({ storage }: { storage: StorageUseDto | null }) {
  if (!storage?.nearlyFull) return null;
  const use = storageUseText(storage);
  return (
    <div className="notice notice-warn" role="alert" data-testid="storage-warning">
      <Trans>
        <strong>The file store is nearly full</strong> ({use}). Uploads are refused once it is full: free some
        space or give it a larger disk.
      </Trans>
    </div>
  );
}

function Stat({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <section className="card stat" aria-label={label} data-testid={testId}>
      <span className="label">{label}</span>
      <span className="value">{value}</span>
      {note && <span className="muted overview-stat-note">{note}</span>}
    </section>
  );
}

function WaitingCard({ waiting, total }: { waiting: OverviewDto['waitingByStatus']; total: number }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId} data-testid="files-waiting">
      <h2 id={headingId}>
        <Trans>Files waiting</Trans>
      </h2>
      <p className="muted overview-card-lead">
        <Plural value={total} one="# file is not yet unlocked." other="# files are not yet unlocked." />
      </p>
      {waiting.length === 0 ? (
        <p className="muted">
          <Trans>Nothing is waiting.</Trans>
        </p>
      ) : (
        <ul className="overview-waiting">
          {waiting.map((w) => (
            <li key={w.status}>
              <StatusBadge status={w.status} />
              <span className="overview-waiting-count">{w.count}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportsCard({ range, online }: { range: DateRange; online: boolean }) {
  const headingId = useId();
  const noteId = useId();
  const { t, i18n } = useLingui();
  const query = new URLSearchParams({ from: range.from, to: range.to });
  const exports = [
    { label: t`Download users CSV`, href: `/api/admin/export/users.csv?${query}` },
    { label: t`Download transactions CSV`, href: `/api/admin/export/transactions.csv?${query}` },
  ];
  const from = longDay(range.from, i18n.locale);
  const to = longDay(range.to, i18n.locale);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Exports</Trans>
      </h2>
      <p id={noteId} className="muted overview-card-lead">
        {online
          ? t`Users who joined and transactions made from ${from} to ${to}, as CSV.`
          : t`Exports need a connection.`}
      </p>
      <div className="form-actions">
        {exports.map((e) =>
          online ? (
            <a key={e.href} className="btn btn-secondary" href={e.href} download>
              {e.label}
            </a>
          ) : (
            <button
              key={e.href}
              type="button"
              className="btn btn-secondary"
              disabled
              aria-describedby={noteId}
            >
              {e.label}
            </button>
          ),
        )}
      </div>
    </section>
  );
}

function OldestWaiting({ rows }: { rows: OverviewDto['oldestWaiting'] }) {
  const headingId = useId();
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  return (
    <section className="card admin-card overview-oldest" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Oldest waiting files</Trans>
      </h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Ticket</Trans>
              </th>
              <th scope="col">
                <Trans>Vehicle</Trans>
              </th>
              <th scope="col">
                <Trans>Customer</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Submitted</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Waiting</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="admin-table-message">
                <td colSpan={6}>
                  <Trans>No files are waiting.</Trans>
                </td>
              </tr>
            ) : (
              rows.map((w) => {
                const name = `${w.owner.firstName} ${w.owner.lastName}`.trim();
                const ticketNumber = w.ticketNumber;
                return (
                  <tr key={w.ticketNumber} data-testid="oldest-waiting-row">
                    <td>
                      <Link to={`/ticket/${w.ticketNumber}`} aria-label={t`Open ticket ${ticketNumber}`}>
                        #{w.ticketNumber}
                      </Link>
                    </td>
                    <td data-label={t`Vehicle`}>
                      {[w.make, w.model].filter(Boolean).join(' ') || t`Unknown vehicle`}
                    </td>
                    <td data-label={t`Customer`}>
                      <span className="admin-stacked">
                        <span>{name || t`No name`}</span>
                        <span className="muted">{w.owner.email}</span>
                      </span>
                    </td>
                    <td data-label={t`Status`}>
                      <StatusBadge status={w.status} />
                    </td>
                    <td data-label={t`Submitted`} className="admin-nowrap">
                      {formatDateTime(w.createdAt, undefined, locale)}
                    </td>
                    <td data-label={t`Waiting`} className="num">
                      <span aria-hidden="true">{formatWaited(w.waitingMinutes, i18n)}</span>
                      <span className="sr-only">{spokenWaited(w.waitingMinutes, i18n)}</span>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
