import {
  type AdminSettings,
  type AuditEntryDto,
  assignmentSettingsSchema,
  escalationSettingsSchema,
  formatDateTime,
  pricingSettingsSchema,
  sellerSettingsSchema,
  supportSettingsSchema,
} from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { useFormatLocale } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { NotificationsSection } from '../../notifications';
import { AdminPageHeader, LoadErrorNotice, OfflineNotice } from '../list-parts';
import { HoursSection } from './hours-section';
import { actorName, describeSettingsChange } from './settings-history';
import { focusField, SettingsSection, TextField } from './settings-section';
import { useAdminSettings, useSaveSection, useSectionDraft } from './use-settings';
import './settings.css';

type Errors = Record<string, string>;

/** Field ids: the section's name and the field's, e.g. 'seller-companyName'. */
const fieldId = (group: string, key: string) => `${group}-${key}`;

function errorsByField(
  group: string,
  errors: { path: readonly (string | number)[]; message: string }[],
): Errors {
  const out: Errors = {};
  for (const e of errors) {
    const key = fieldId(group, String(e.path[0] ?? ''));
    if (!(key in out)) out[key] = e.message;
  }
  return out;
}

/**
 * /settings: the seller block, the default price, the support address, the working hours,
 * automatic delivery and assignment.
 */
export default function SettingsPage() {
  const { t } = useLingui();
  const online = useOnline();
  const query = useAdminSettings();
  const data = query.data;
  const error = query.error ? messageOf(query.error, t`Failed to load the settings`) : null;

  return (
    <div className="stack admin-page settings-page">
      <AdminPageHeader title={t`Settings`} offline={!online && Boolean(data)}>
        <Trans>
          What orders and invoices show, what new accounts pay, where customers write, when files are handled,
          and whether covered files are delivered automatically.
        </Trans>
      </AdminPageHeader>

      {!online && data && <OfflineNotice loadedAt={query.dataUpdatedAt || null} />}
      {online && error && <LoadErrorNotice message={error} onRetry={() => void query.refetch()} />}

      {!data ? (
        <section className="card">
          <p className="muted" role="status">
            {!online ? (
              <Trans>You are offline, and the settings have not been loaded on this device yet.</Trans>
            ) : error ? (
              <Trans>The settings could not be loaded.</Trans>
            ) : (
              <Trans>Loading the settings...</Trans>
            )}
          </p>
        </section>
      ) : (
        <>
          <SellerSection value={data.settings.seller} online={online} />
          <PricingSection value={data.settings.pricing} online={online} />
          <SupportSection value={data.settings.support} online={online} />
          <HoursSection value={data.settings.hours} online={online} />
          <AutomationSection value={data.settings.automation} online={online} />
          <AssignmentSection value={data.settings.assignment} online={online} />
          <EscalationSection value={data.settings.escalation} online={online} />
          <RecentChanges history={data.history} />
        </>
      )}
      {/* This admin's own push choices (new tickets, customer messages), on this device. */}
      <NotificationsSection accountRole="admin" />
    </div>
  );
}

/** The groups edited as plain text fields; the hours have an editor of their own. */
type TextGroup = 'seller' | 'pricing' | 'support' | 'escalation';
type TextDraft<G extends TextGroup> = Record<keyof AdminSettings[G], string>;

const identity = <T,>(v: T) => v;

/**
 * One text-field section's form: its draft, its errors by field id (from the shared schema
 * before sending, from the server after), and `field(key)`, the props of that key's TextField.
 */
function useTextSection<G extends TextGroup>(
  group: G,
  value: AdminSettings[G],
  schema: z.ZodType<AdminSettings[G], unknown>,
  online: boolean,
  toDraft: (v: AdminSettings[G]) => TextDraft<G>,
  fromDraft: (d: TextDraft<G>) => AdminSettings[G],
) {
  const { draft, setDraft, reset, dirty } = useSectionDraft(value, toDraft, fromDraft);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSection(group, {
    onSaved: reset,
    onFieldErrors: (list) => setErrors(errorsByField(group, list)),
  });

  function submit() {
    const parsed = schema.safeParse(fromDraft(draft));
    if (!parsed.success) {
      const next = errorsByField(
        group,
        parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
      );
      setErrors(next);
      focusField(Object.keys(next)[0]);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  function field(key: keyof TextDraft<G> & string) {
    const id = fieldId(group, key);
    return {
      id,
      value: draft[key],
      error: errors[id] || undefined,
      onChange: (v: string) => {
        setDraft((d) => ({ ...d, [key]: v }));
        setErrors((e) => ({ ...e, [id]: '' }));
      },
      disabled: !online,
    };
  }

  return {
    field,
    section: { online, saving: save.isPending, dirty, onSubmit: submit, testId: `settings-${group}` },
  };
}

function SellerSection({ value, online }: { value: AdminSettings['seller']; online: boolean }) {
  const { t } = useLingui();
  const { field, section } = useTextSection(
    'seller',
    value,
    sellerSettingsSchema,
    online,
    identity,
    identity,
  );
  return (
    <SettingsSection
      title={t`Seller`}
      description={t`The business named on orders and VAT invoices.`}
      saveLabel={t`Save seller`}
      {...section}
    >
      <div className="settings-grid">
        <TextField
          {...field('companyName')}
          label={t`Company name`}
          autoComplete="organization"
          maxLength={120}
        />
        <TextField {...field('vatId')} label={t`VAT number`} maxLength={40} />
        <div className="settings-span-2">
          <TextField {...field('address')} label={t`Address`} maxLength={300} multiline />
        </div>
      </div>
    </SettingsSection>
  );
}

function PricingSection({ value, online }: { value: AdminSettings['pricing']; online: boolean }) {
  const { t } = useLingui();
  const { field, section } = useTextSection(
    'pricing',
    value,
    pricingSettingsSchema,
    online,
    (v) => ({ defaultPerCreditPrice: v.defaultPerCreditPrice.toFixed(2) }),
    // An empty box is no price at all, never 0.
    (d) => ({ defaultPerCreditPrice: Number(d.defaultPerCreditPrice.trim() || Number.NaN) }),
  );
  return (
    <SettingsSection
      title={t`Pricing`}
      description={t`The price per credit that new accounts start with. Existing accounts keep their own price.`}
      saveLabel={t`Save pricing`}
      {...section}
    >
      <div className="settings-grid">
        <TextField
          {...field('defaultPerCreditPrice')}
          label={t`Default price per credit (£, before VAT)`}
          inputMode="decimal"
          maxLength={12}
          hint={t`For example 60.00. VAT is added at checkout.`}
        />
      </div>
    </SettingsSection>
  );
}

function SupportSection({ value, online }: { value: AdminSettings['support']; online: boolean }) {
  const { t } = useLingui();
  const { field, section } = useTextSection(
    'support',
    value,
    supportSettingsSchema,
    online,
    identity,
    identity,
  );
  return (
    <SettingsSection
      title={t`Support`}
      description={t`Where customers write: shown on the Account Disabled screen and in e-mails.`}
      saveLabel={t`Save support`}
      {...section}
    >
      <div className="settings-grid">
        <TextField
          {...field('supportEmail')}
          label={t`Support e-mail`}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
        />
      </div>
    </SettingsSection>
  );
}

/**
 * 'Automatic delivery': tickets that approved solutions cover fully are delivered without an
 * engineer (docs/decisions/085-solution-library.md). Off until an admin turns it on.
 */
function AutomationSection({ value, online }: { value: AdminSettings['automation']; online: boolean }) {
  const { t } = useLingui();
  const { draft, setDraft, reset, dirty } = useSectionDraft(value, identity, identity);
  const save = useSaveSection('automation', { onSaved: reset, onFieldErrors: () => {} });
  return (
    <SettingsSection
      title={t`Automatic delivery`}
      description={t`Deliver a ticket at once, at any hour, when approved solutions cover all its options. Reads with a warning and tickets with notes always wait for an engineer.`}
      saveLabel={t`Save automatic delivery`}
      online={online}
      saving={save.isPending}
      dirty={dirty}
      onSubmit={() => save.mutate(draft)}
      testId="settings-automation"
    >
      <SettingsSwitch
        label={t`Automatic delivery`}
        checked={draft.automaticDelivery}
        disabled={!online}
        onChange={(on) => setDraft({ automaticDelivery: on })}
        note={
          value.automaticDelivery
            ? t`On: covered tickets are delivered from the solution library.`
            : t`Off: every ticket waits for an engineer.`
        }
      />
    </SettingsSection>
  );
}

type AssignmentDraft = { automaticAssignment: boolean; openTicketLimit: string };

/**
 * 'Assignment' (docs/decisions/087-assignment.md): the most open tickets automatic assignment
 * gives one engineer, and automatic assignment itself, off until an admin turns it on.
 */
function AssignmentSection({ value, online }: { value: AdminSettings['assignment']; online: boolean }) {
  const { t } = useLingui();
  const limitId = fieldId('assignment', 'openTicketLimit');
  const { draft, setDraft, reset, dirty } = useSectionDraft<AdminSettings['assignment'], AssignmentDraft>(
    value,
    (v) => ({ automaticAssignment: v.automaticAssignment, openTicketLimit: String(v.openTicketLimit) }),
    (d) => ({ automaticAssignment: d.automaticAssignment, openTicketLimit: Number(d.openTicketLimit) }),
  );
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSection('assignment', {
    onSaved: reset,
    onFieldErrors: (list) => setErrors(errorsByField('assignment', list)),
  });
  function submit() {
    const parsed = assignmentSettingsSchema.safeParse({
      automaticAssignment: draft.automaticAssignment,
      openTicketLimit: draft.openTicketLimit.trim() === '' ? undefined : draft.openTicketLimit,
    });
    if (!parsed.success) {
      const next = errorsByField(
        'assignment',
        parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
      );
      setErrors(next);
      focusField(Object.keys(next)[0]);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }
  return (
    <SettingsSection
      title={t`Assignment`}
      description={t`Who works new tickets. With automatic assignment on, a new ticket goes to the engineer with the fewest open tickets who is under the limit, while the desk is open (the working hours above).`}
      saveLabel={t`Save assignment`}
      online={online}
      saving={save.isPending}
      dirty={dirty}
      onSubmit={submit}
      testId="settings-assignment"
    >
      <TextField
        id={limitId}
        label={t`Open tickets per engineer`}
        value={draft.openTicketLimit}
        error={errors[limitId] || undefined}
        inputMode="decimal"
        hint={t`Pending or In Progress tickets; automatic assignment skips an engineer at the limit.`}
        onChange={(v) => {
          setDraft((d) => ({ ...d, openTicketLimit: v }));
          setErrors({});
        }}
        disabled={!online}
      />
      <SettingsSwitch
        label={t`Automatic assignment`}
        checked={draft.automaticAssignment}
        disabled={!online}
        onChange={(on) => setDraft((d) => ({ ...d, automaticAssignment: on }))}
        note={
          value.automaticAssignment
            ? t`On: new tickets go to the least-loaded engineer on shift.`
            : t`Off: new tickets wait until someone takes them.`
        }
      />
    </SettingsSection>
  );
}

/** A whole number of minutes as typed; an empty box is no number at all, never 0. */
const minutesOfText = (text: string) => Number(text.trim() || Number.NaN);

/**
 * 'Escalation' (docs/decisions/090-escalation.md): how long a ticket may wait, in minutes of
 * the working hours, before the queue and the inbox flag it and its assignee, then the admins,
 * are told. 0 turns a threshold off.
 */
function EscalationSection({ value, online }: { value: AdminSettings['escalation']; online: boolean }) {
  const { t, i18n } = useLingui();
  const { field, section } = useTextSection(
    'escalation',
    value,
    escalationSettingsSchema,
    online,
    (v) => ({
      pendingMinutes: String(v.pendingMinutes),
      inProgressMinutes: String(v.inProgressMinutes),
      unansweredMinutes: String(v.unansweredMinutes),
    }),
    (d) => ({
      pendingMinutes: minutesOfText(d.pendingMinutes),
      inProgressMinutes: minutesOfText(d.inProgressMinutes),
      unansweredMinutes: minutesOfText(d.unansweredMinutes),
    }),
  );
  const hint = t`Minutes within the working hours; 0 turns it off.`;
  return (
    <SettingsSection
      title={t`Escalation`}
      description={t`When a ticket has waited too long within the working hours, the queue and the inbox mark it Overdue and its assignee is notified; if it waits as long again, the admins are notified.`}
      saveLabel={t`Save escalation`}
      {...section}
    >
      <div className="settings-grid">
        {ESCALATION_FIELDS.map(([name, label]) => (
          <TextField
            key={name}
            {...field(name)}
            label={i18n._(label)}
            inputMode="decimal"
            maxLength={5}
            hint={hint}
          />
        ))}
      </div>
    </SettingsSection>
  );
}

/** The Escalation section's thresholds, each with its label. */
const ESCALATION_FIELDS: readonly (readonly [keyof AdminSettings['escalation'], MessageDescriptor])[] = [
  ['pendingMinutes', msg`Pending longer than (minutes)`],
  ['inProgressMinutes', msg`In Progress longer than (minutes)`],
  ['unansweredMinutes', msg`Customer message unanswered longer than (minutes)`],
];

/** An on/off setting: a switch with its label, and a note that says what the saved value does. */
function SettingsSwitch({
  label,
  checked,
  disabled,
  onChange,
  note,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  note: string;
}) {
  const switchId = useId();
  const noteId = useId();
  return (
    <>
      <label className="check settings-switch" htmlFor={switchId}>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          aria-describedby={noteId}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      <p id={noteId} className="muted settings-switch-note">
        {note}
      </p>
    </>
  );
}

function RecentChanges({ history }: { history: AuditEntryDto[] }) {
  const { i18n } = useLingui();
  const locale = useFormatLocale();
  const headingId = useId();
  return (
    <section className="card settings-history" aria-labelledby={headingId} data-testid="settings-history">
      <h2 id={headingId}>
        <Trans>Recent changes</Trans>
      </h2>
      {history.length === 0 ? (
        <p className="muted">
          <Trans>No changes recorded yet.</Trans>
        </p>
      ) : (
        <ol className="settings-history-list">
          {history.map((entry) => (
            <li key={entry.id}>
              {describeSettingsChange(entry, i18n).map((change) => (
                <div key={change.section} className="settings-history-change">
                  <div className="settings-history-head">
                    <strong>{change.section}</strong>
                    <span className="muted">
                      {actorName(entry, i18n)} ·{' '}
                      <time dateTime={entry.createdAt}>
                        {formatDateTime(entry.createdAt, undefined, locale)}
                      </time>
                    </span>
                  </div>
                  <ul>
                    {change.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
