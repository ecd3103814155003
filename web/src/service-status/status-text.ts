import { addOpenMinutes, type ServiceStatusDto, serviceStatus } from '@ecu/shared';
import { DEFAULT_LOCALE, type Locale } from '@ecu/shared/i18n/locales';
import { i18n as appI18n, type I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/**
 * What the 'File service open / closed' banner says. Times are the business's wall clock (its
 * time zone), with the zone's abbreviation when the viewer's clock would show another time.
 */

const DAY_MS = 86_400_000;

const partsCache = new Map<string, Intl.DateTimeFormat>();

function parts(date: Date, timeZone: string, locale: Locale = DEFAULT_LOCALE): Record<string, string> {
  const key = `${locale}|${timeZone}`;
  let f = partsCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === DEFAULT_LOCALE ? 'en-GB' : locale, {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsCache.set(key, f);
  }
  return Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
}

function localDay(date: Date, timeZone: string): number {
  const p = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  return Date.parse(`${p}T00:00:00Z`) / DAY_MS;
}

function zoneName(date: Date, timeZone: string, locale: string): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** 'BST', 'CEST', 'EDT'; an offset like 'GMT+5:30' where no locale has a name for the zone. */
export function zoneAbbreviation(date: Date, timeZone: string): string {
  const gb = zoneName(date, timeZone, 'en-GB');
  if (!/^(GMT|UTC)[+-]/.test(gb)) return gb;
  const us = zoneName(date, timeZone, 'en-US');
  return /^(GMT|UTC)[+-]/.test(us) ? gb : us;
}

function clock(p: Record<string, string>): string {
  return `${p.hour}:${p.minute}`;
}

/**
 * '17:30' today, 'Mon 09:00' within the coming week, 'Mon 5 Jan 09:00' later; days counted in
 * the business's zone. ' BST' follows when the viewer's zone shows that instant differently.
 */
export function formatServiceTime(
  iso: string,
  {
    timeZone,
    now,
    viewerTimeZone,
    locale = DEFAULT_LOCALE,
  }: { timeZone: string; now: Date; viewerTimeZone: string; locale?: Locale },
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date, timeZone, locale);
  const days = localDay(date, timeZone) - localDay(now, timeZone);
  const text =
    days === 0
      ? clock(p)
      : days > 0 && days < 7
        ? `${p.weekday} ${clock(p)}`
        : `${p.weekday} ${p.day} ${p.month} ${clock(p)}`;
  const viewer = parts(date, viewerTimeZone, locale);
  const same =
    viewer.weekday === p.weekday &&
    viewer.day === p.day &&
    viewer.hour === p.hour &&
    viewer.minute === p.minute;
  return same ? text : `${text} ${zoneAbbreviation(date, timeZone)}`;
}

/** 'about 45 min', 'about 2 h' (open working time, rounded). */
export function formatWorkAhead(minutes: number, i18n: I18n = appI18n): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return i18n._(msg`no work`);
  if (minutes < 60) {
    const min = Math.max(1, Math.round(minutes));
    return i18n._(msg`about ${min} min`);
  }
  const hours = Math.round(minutes / 60);
  return i18n._(msg`about ${hours} h`);
}

export function queueText(queueLength: number, i18n: I18n = appI18n): string {
  const n = Number.isFinite(queueLength) && queueLength > 0 ? Math.floor(queueLength) : 0;
  if (n === 0) return i18n._(msg`No files waiting`);
  return i18n._(msg`${plural(n, { one: '# file waiting', other: '# files waiting' })}`);
}

/** How long an answer counts as the server's word on 'now'; after that the times are worked out here. */
const FRESH_MS = 90_000;

export type CurrentStatus = Pick<
  ServiceStatusDto,
  | 'open'
  | 'closesAt'
  | 'nextOpeningAt'
  | 'expectedReadyAt'
  | 'expectedOpenMinutes'
  | 'queueLength'
  | 'timeZone'
>;

/**
 * The status as of `now`. A fresh answer is used as it is; an older one (offline, a tab left
 * open) is worked out again from its working hours with the same rules as the server, so
 * 'open' does not outlive the closing time. The queue stays what it was when loaded.
 */
export function currentStatus(dto: ServiceStatusDto, loadedAt: number, now: Date): CurrentStatus {
  if (now.getTime() - loadedAt <= FRESH_MS) return dto;
  const status = serviceStatus(dto.hours, now);
  const readyAt = addOpenMinutes(dto.hours, now, dto.expectedOpenMinutes);
  return {
    ...dto,
    ...status,
    expectedReadyAt: readyAt ? readyAt.toISOString() : null,
  };
}

export interface ServiceStatusText {
  open: boolean;
  /** 'File service open · closes 17:30' */
  headline: string;
  /** '2 files waiting · about 45 min of work ahead · Expected back by 11:40' */
  detail: string;
  /** Closed only: what happens to a file sent now. */
  closedNote: string | null;
}

export function describeServiceStatus(
  status: CurrentStatus,
  {
    now,
    viewerTimeZone,
    i18n = appI18n,
    locale = DEFAULT_LOCALE,
  }: { now: Date; viewerTimeZone: string; i18n?: I18n; locale?: Locale },
): ServiceStatusText {
  const at = (iso: string) =>
    formatServiceTime(iso, { timeZone: status.timeZone, now, viewerTimeZone, locale });
  let headline: string;
  let closedNote: string | null = null;
  if (status.open) {
    const closes = status.closesAt ? at(status.closesAt) : null;
    headline = closes ? i18n._(msg`File service open · closes ${closes}`) : i18n._(msg`File service open`);
  } else if (status.nextOpeningAt) {
    const opens = at(status.nextOpeningAt);
    headline = i18n._(msg`File service closed · opens ${opens}`);
    closedNote = i18n._(msg`A file sent now will be handled at the next opening, ${opens}.`);
  } else {
    headline = i18n._(msg`File service closed · no opening hours scheduled`);
    closedNote = i18n._(msg`A file sent now will be handled at the next opening.`);
  }
  const detail = [queueText(status.queueLength, i18n)];
  // With nothing waiting, the only work is the new file itself: the expected time says enough.
  if (status.queueLength > 0 && status.expectedOpenMinutes > 0) {
    const work = formatWorkAhead(status.expectedOpenMinutes, i18n);
    detail.push(i18n._(msg`${work} of work ahead`));
  }
  if (status.expectedReadyAt) {
    const back = at(status.expectedReadyAt);
    detail.push(i18n._(msg`Expected back by ${back}`));
  }
  return { open: status.open, headline, detail: detail.join(' · '), closedNote };
}
