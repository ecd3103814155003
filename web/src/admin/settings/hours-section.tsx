import { type WorkingHours, workingHoursSchema } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import { errorIdOf } from '../../ui/field';
import {
  type DayDraft,
  dayName,
  fromHoursDraft,
  type HoursDraft,
  hoursField,
  hoursFieldOf,
  MAX_INTERVALS_PER_DAY,
  newHolidayKey,
  toHoursDraft,
  type WeekSlot,
} from './hours-draft';
import { focusField, SettingsSection } from './settings-section';
import { useSaveSection, useSectionDraft } from './use-settings';

type Errors = Record<string, string>;

/** Every zone the browser knows, with the one in use kept even when the list lacks it (e.g. 'UTC'). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set([...known, 'UTC', current]);
  return [...all].filter(Boolean).sort((a, b) => a.localeCompare(b));
}

/** Field ids are the editor's keys under 'hours-'. */
const idOf = (key: string) => `hours-${key}`;

function errorsOf(
  issues: { path: readonly PropertyKey[]; message: string }[],
  draft: HoursDraft,
  slots: readonly WeekSlot[],
): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = hoursFieldOf(issue.path, draft, slots);
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Working hours: the time zone, per weekday open/close times (up to two intervals) and holidays. */
export function HoursSection({ value, online }: { value: WorkingHours; online: boolean }) {
  const { t } = useLingui();
  const { draft, setDraft, reset, dirty } = useSectionDraft(
    value,
    toHoursDraft,
    (d) => fromHoursDraft(d).hours,
  );
  const [errors, setErrors] = useState<Errors>({});
  const sent = useRef<{ draft: HoursDraft; slots: WeekSlot[] } | null>(null);
  const zones = useMemo(() => timeZones(draft.timeZone), [draft.timeZone]);
  const save = useSaveSection('hours', {
    onSaved: reset,
    onFieldErrors: (list) => {
      const at = sent.current;
      if (!at) return;
      const next = errorsOf(list, at.draft, at.slots);
      setErrors(next);
      focusField(firstFieldId(next));
    },
  });
  const disabled = !online;

  function update(change: (d: HoursDraft) => HoursDraft, clear?: string[]) {
    setDraft(change);
    if (clear?.length) setErrors((e) => ({ ...e, ...Object.fromEntries(clear.map((k) => [k, ''])) }));
  }

  /** A change to a day clears the errors of that day and of its times. */
  function updateDay(day: number, change: (d: DayDraft) => DayDraft) {
    const times = Array.from({ length: MAX_INTERVALS_PER_DAY }, (_, slot) => [
      hoursField.interval(day, slot, 'open'),
      hoursField.interval(day, slot, 'close'),
    ]).flat();
    update(
      (d) => ({ ...d, days: d.days.map((x) => (x.day === day ? change(x) : x)) }),
      [hoursField.day(day), ...times],
    );
  }

  /** The first error in the order of the form (time zone, the days, the holidays). */
  function firstFieldId(found: Errors): string | undefined {
    const order = [
      hoursField.timeZone,
      ...draft.days.flatMap((d) => [
        hoursField.day(d.day),
        ...d.intervals.flatMap((_, slot) => [
          hoursField.interval(d.day, slot, 'open'),
          hoursField.interval(d.day, slot, 'close'),
        ]),
      ]),
      ...draft.holidays.flatMap((h) => [
        hoursField.holiday(h.key, 'date'),
        hoursField.holiday(h.key, 'name'),
      ]),
    ];
    const key = order.find((k) => found[k]);
    if (!key) return undefined;
    // A day's own error (an overlap) sits on its first time.
    const day = /^day-(\d)$/.exec(key);
    return idOf(day ? hoursField.interval(Number(day[1]), 0, 'open') : key);
  }

  function submit() {
    const { hours, slots } = fromHoursDraft(draft);
    const parsed = workingHoursSchema.safeParse(hours);
    if (!parsed.success) {
      const next = errorsOf(parsed.error.issues, draft, slots);
      setErrors(next);
      focusField(firstFieldId(next));
      return;
    }
    setErrors({});
    sent.current = { draft, slots };
    save.mutate(parsed.data);
  }

  const err = (key: string) => errors[key] || undefined;
  const general = [err(hoursField.week), err(hoursField.holidays)].filter(Boolean);

  return (
    <SettingsSection
      title={t`Working hours`}
      description={t`When files are handled. Tuners see 'File service open / closed' with the next opening, worked out from these hours.`}
      saveLabel={t`Save working hours`}
      online={online}
      saving={save.isPending}
      dirty={dirty}
      onSubmit={submit}
      testId="settings-hours"
    >
      <div className="field settings-zone">
        <label htmlFor={idOf(hoursField.timeZone)}>
          <Trans>Time zone</Trans>
        </label>
        <select
          id={idOf(hoursField.timeZone)}
          className="select"
          value={draft.timeZone}
          disabled={disabled}
          aria-invalid={Boolean(err(hoursField.timeZone))}
          aria-describedby={err(hoursField.timeZone) ? errorIdOf(idOf(hoursField.timeZone)) : undefined}
          onChange={(e) => update((d) => ({ ...d, timeZone: e.target.value }), [hoursField.timeZone])}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        {err(hoursField.timeZone) && (
          <span className="field-error" id={errorIdOf(idOf(hoursField.timeZone))}>
            {err(hoursField.timeZone)}
          </span>
        )}
      </div>

      <h3 className="settings-subhead">
        <Trans>Opening hours</Trans>
      </h3>
      <div className="settings-week">
        {draft.days.map((d) => (
          <DayRow
            key={d.day}
            day={d}
            errors={errors}
            disabled={disabled}
            onChange={(c) => updateDay(d.day, c)}
          />
        ))}
      </div>

      <h3 className="settings-subhead">
        <Trans>Holidays</Trans>
      </h3>
      <p className="muted settings-hint">
        <Trans>Closed all day on these dates, whatever the weekday.</Trans>
      </p>
      {draft.holidays.length === 0 ? (
        <p className="muted">
          <Trans>No holidays.</Trans>
        </p>
      ) : (
        <ul className="settings-holidays">
          {draft.holidays.map((h, index) => {
            const dateKey = hoursField.holiday(h.key, 'date');
            const nameKey = hoursField.holiday(h.key, 'name');
            const number = index + 1;
            const describe = h.date || t`row ${number}`;
            return (
              <li key={h.key} className="settings-holiday">
                <div className="field">
                  <label htmlFor={idOf(dateKey)}>
                    <Trans>
                      Date<span className="sr-only"> of holiday {number}</span>
                    </Trans>
                  </label>
                  <input
                    id={idOf(dateKey)}
                    type="date"
                    className="input"
                    value={h.date}
                    disabled={disabled}
                    aria-invalid={Boolean(err(dateKey))}
                    aria-describedby={err(dateKey) ? errorIdOf(idOf(dateKey)) : undefined}
                    onChange={(e) =>
                      update(
                        (d) => ({
                          ...d,
                          holidays: d.holidays.map((x) =>
                            x.key === h.key ? { ...x, date: e.target.value } : x,
                          ),
                        }),
                        [dateKey],
                      )
                    }
                  />
                  {err(dateKey) && (
                    <span className="field-error" id={errorIdOf(idOf(dateKey))}>
                      {err(dateKey)}
                    </span>
                  )}
                </div>
                <div className="field settings-holiday-name">
                  <label htmlFor={idOf(nameKey)}>
                    <Trans>
                      Name<span className="sr-only"> of holiday {number}</span>
                    </Trans>
                  </label>
                  <input
                    id={idOf(nameKey)}
                    type="text"
                    className="input"
                    value={h.name}
                    maxLength={80}
                    placeholder={t`e.g. Christmas Day`}
                    disabled={disabled}
                    aria-invalid={Boolean(err(nameKey))}
                    aria-describedby={err(nameKey) ? errorIdOf(idOf(nameKey)) : undefined}
                    onChange={(e) =>
                      update(
                        (d) => ({
                          ...d,
                          holidays: d.holidays.map((x) =>
                            x.key === h.key ? { ...x, name: e.target.value } : x,
                          ),
                        }),
                        [nameKey],
                      )
                    }
                  />
                  {err(nameKey) && (
                    <span className="field-error" id={errorIdOf(idOf(nameKey))}>
                      {err(nameKey)}
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm settings-remove"
                  disabled={disabled}
                  onClick={() =>
                    update(
                      (d) => ({ ...d, holidays: d.holidays.filter((x) => x.key !== h.key) }),
                      [hoursField.holidays],
                    )
                  }
                >
                  <Trans>
                    Remove<span className="sr-only"> holiday {describe}</span>
                  </Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={disabled}
        onClick={() => {
          const key = newHolidayKey();
          update((d) => ({ ...d, holidays: [...d.holidays, { key, date: '', name: '' }] }));
          // The new row's date field, once it is on screen.
          requestAnimationFrame(() => focusField(idOf(hoursField.holiday(key, 'date'))));
        }}
      >
        <Trans>Add holiday</Trans>
      </button>
      {general.map((message) => (
        <p key={message} className="field-error" role="alert">
          {message}
        </p>
      ))}
    </SettingsSection>
  );
}

function DayRow({
  day,
  errors,
  disabled,
  onChange,
}: {
  day: DayDraft;
  errors: Errors;
  disabled: boolean;
  onChange: (change: (d: DayDraft) => DayDraft) => void;
}) {
  const { i18n } = useLingui();
  const name = dayName(day.day, i18n);
  const closedId = idOf(`day-${day.day}-closed`);
  const dayError = errors[hoursField.day(day.day)] || undefined;
  const dayErrorId = errorIdOf(idOf(hoursField.day(day.day)));

  function setTime(slot: number, end: 'open' | 'close', v: string) {
    onChange((d) => ({ ...d, intervals: d.intervals.map((x, i) => (i === slot ? { ...x, [end]: v } : x)) }));
  }

  return (
    <fieldset className="settings-day" aria-describedby={dayError ? dayErrorId : undefined}>
      <legend className="settings-day-name">{name}</legend>
      <label className="check settings-closed" htmlFor={closedId}>
        <input
          id={closedId}
          type="checkbox"
          checked={day.closed}
          disabled={disabled}
          onChange={(e) => onChange((d) => ({ ...d, closed: e.target.checked }))}
        />
        <span>
          <Trans>
            Closed<span className="sr-only"> on {name}</span>
          </Trans>
        </span>
      </label>
      {!day.closed && (
        <div className="settings-intervals">
          {day.intervals.map((interval, slot) => {
            return (
              // Intervals are positions in the day (first, second): the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div key={slot} className="settings-interval">
                {(['open', 'close'] as const).map((end) => {
                  const key = hoursField.interval(day.day, slot, end);
                  const error = errors[key] || undefined;
                  return (
                    <div key={end} className="settings-time">
                      <label htmlFor={idOf(key)}>
                        <TimeLabel end={end} name={name} second={slot > 0} />
                      </label>
                      <input
                        id={idOf(key)}
                        type="time"
                        className="input"
                        value={interval[end]}
                        disabled={disabled}
                        required
                        aria-invalid={Boolean(error)}
                        aria-describedby={error ? errorIdOf(idOf(key)) : undefined}
                        onChange={(e) => setTime(slot, end, e.target.value)}
                      />
                      {error && (
                        <span className="field-error" id={errorIdOf(idOf(key))}>
                          {error}
                        </span>
                      )}
                    </div>
                  );
                })}
                {slot > 0 && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm settings-remove"
                    disabled={disabled}
                    onClick={() =>
                      onChange((d) => ({ ...d, intervals: d.intervals.filter((_, i) => i !== slot) }))
                    }
                  >
                    <Trans>
                      Remove<span className="sr-only"> second interval on {name}</span>
                    </Trans>
                  </button>
                )}
              </div>
            );
          })}
          {day.intervals.length < MAX_INTERVALS_PER_DAY && (
            <button
              type="button"
              className="btn-link settings-add-interval"
              disabled={disabled}
              onClick={() =>
                onChange((d) => {
                  // After the first interval: evening hours by default, edited from there.
                  const lastClose = d.intervals[d.intervals.length - 1]?.close ?? '17:30';
                  const next =
                    lastClose < '18:00'
                      ? { open: '18:00', close: '20:00' }
                      : { open: lastClose, close: '23:59' };
                  return { ...d, intervals: [...d.intervals, next] };
                })
              }
            >
              <Trans>
                Add interval<span className="sr-only"> on {name}</span>
              </Trans>
            </button>
          )}
        </div>
      )}
      {dayError && (
        <span className="field-error settings-day-error" id={dayErrorId}>
          {dayError}
        </span>
      )}
    </fieldset>
  );
}

/** 'Opens' / 'Closes', with the day (and which interval) for screen readers. */
function TimeLabel({ end, name, second }: { end: 'open' | 'close'; name: string; second: boolean }) {
  if (end === 'open') {
    return second ? (
      <Trans>
        Opens<span className="sr-only"> on {name} (second interval)</span>
      </Trans>
    ) : (
      <Trans>
        Opens<span className="sr-only"> on {name}</span>
      </Trans>
    );
  }
  return second ? (
    <Trans>
      Closes<span className="sr-only"> on {name} (second interval)</span>
    </Trans>
  ) : (
    <Trans>
      Closes<span className="sr-only"> on {name}</span>
    </Trans>
  );
}
