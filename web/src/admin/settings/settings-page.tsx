import {
  type AdminSettings,
  type AuditEntryDto,
  formatDateTime,
  pricingSettingsSchema,
  sellerSettingsSchema,
  supportSettingsSchema,
} from '@ecu/shared';
import { useId, useState } from 'react';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { fieldErrorsOf } from '../../ui/field-errors';
import { OfflineNotice } from '../list-parts';
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

/** /settings: the seller block, the default price, the support address and the working hours. */
export default function SettingsPage() {
  const online = useOnline();
  const query = useAdminSettings();
  const data = query.data;
  const error = query.error ? messageOf(query.error, 'Failed to load the settings') : null;

  return (
    <div className="stack admin-page settings-page">
      <div className="page-header">
        <div className="title-row">
          <h1>Settings</h1>
          {!online && data && <span className="badge badge-offline">Offline copy</span>}
        </div>
        <p>
          What orders and invoices show, what new accounts pay, where customers write, and when files are
          handled.
        </p>
      </div>

      {!online && data && <OfflineNotice loadedAt={query.dataUpdatedAt || null} />}
      {online && error && (
        <div className="notice notice-error notice-row" role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}

      {!data ? (
        <section className="card">
          <p className="muted" role="status">
            {!online
              ? 'You are offline, and the settings have not been loaded on this device yet.'
              : error
                ? 'The settings could not be loaded.'
                : 'Loading the settings...'}
          </p>
        </section>
      ) : (
        <>
          <SellerSection value={data.settings.seller} online={online} />
          <PricingSection value={data.settings.pricing} online={online} />
          <SupportSection value={data.settings.support} online={online} />
          <HoursSection value={data.settings.hours} online={online} />
          <RecentChanges history={data.history} />
        </>
      )}
    </div>
  );
}

const identity = <T,>(v: T) => v;

function SellerSection({ value, online }: { value: AdminSettings['seller']; online: boolean }) {
  const { draft, setDraft, reset, dirty } = useSectionDraft(value, identity, identity);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSection('seller', {
    onSaved: reset,
    onFieldErrors: (list) => setErrors(errorsByField('seller', list)),
  });

  function set(key: keyof AdminSettings['seller'], v: string) {
    setDraft((d) => ({ ...d, [key]: v }));
    setErrors((e) => ({ ...e, [fieldId('seller', key)]: '' }));
  }

  function submit() {
    const parsed = sellerSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      const next = errorsByField(
        'seller',
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
      title="Seller"
      description="The business named on orders and VAT invoices."
      online={online}
      saving={save.isPending}
      dirty={dirty}
      onSubmit={submit}
      testId="settings-seller"
    >
      <div className="settings-grid">
        <TextField
          id={fieldId('seller', 'companyName')}
          label="Company name"
          value={draft.companyName}
          error={errors[fieldId('seller', 'companyName')] || undefined}
          onChange={(v) => set('companyName', v)}
          disabled={!online}
          autoComplete="organization"
          maxLength={120}
        />
        <TextField
          id={fieldId('seller', 'vatId')}
          label="VAT number"
          value={draft.vatId}
          error={errors[fieldId('seller', 'vatId')] || undefined}
          onChange={(v) => set('vatId', v)}
          disabled={!online}
          maxLength={40}
        />
        <div className="settings-span-2">
          <TextField
            id={fieldId('seller', 'address')}
            label="Address"
            value={draft.address}
            error={errors[fieldId('seller', 'address')] || undefined}
            onChange={(v) => set('address', v)}
            disabled={!online}
            maxLength={300}
            multiline
          />
        </div>
      </div>
    </SettingsSection>
  );
}

function PricingSection({ value, online }: { value: AdminSettings['pricing']; online: boolean }) {
  const { draft, setDraft, reset, dirty } = useSectionDraft(
    value,
    (v) => v.defaultPerCreditPrice.toFixed(2),
    (d) => ({ defaultPerCreditPrice: Number(d.trim() || Number.NaN) }),
  );
  const [error, setError] = useState<string | undefined>();
  const id = fieldId('pricing', 'defaultPerCreditPrice');
  const save = useSaveSection('pricing', {
    onSaved: reset,
    onFieldErrors: (list) => setError(list[0]?.message),
  });

  function submit() {
    const parsed = pricingSettingsSchema.safeParse({
      defaultPerCreditPrice: draft.trim() === '' ? Number.NaN : draft.trim(),
    });
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error).defaultPerCreditPrice ?? 'Enter a valid price');
      focusField(id);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <SettingsSection
      title="Pricing"
      description="The price per credit that new accounts start with. Existing accounts keep their own price."
      online={online}
      saving={save.isPending}
      dirty={dirty}
      onSubmit={submit}
      testId="settings-pricing"
    >
      <div className="settings-grid">
        <TextField
          id={id}
          label="Default price per credit (£, before VAT)"
          value={draft}
          error={error}
          onChange={(v) => {
            setDraft(v);
            setError(undefined);
          }}
          disabled={!online}
          inputMode="decimal"
          maxLength={12}
          hint="For example 60.00. VAT is added at checkout."
        />
      </div>
    </SettingsSection>
  );
}

function SupportSection({ value, online }: { value: AdminSettings['support']; online: boolean }) {
  const { draft, setDraft, reset, dirty } = useSectionDraft(value, identity, identity);
  const [error, setError] = useState<string | undefined>();
  const id = fieldId('support', 'supportEmail');
  const save = useSaveSection('support', {
    onSaved: reset,
    onFieldErrors: (list) => setError(list[0]?.message),
  });

  function submit() {
    const parsed = supportSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error).supportEmail ?? 'Enter a valid email address');
      focusField(id);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <SettingsSection
      title="Support"
      description="Where customers write: shown on the Account Disabled screen and in e-mails."
      online={online}
      saving={save.isPending}
      dirty={dirty}
      onSubmit={submit}
      testId="settings-support"
    >
      <div className="settings-grid">
        <TextField
          id={id}
          label="Support e-mail"
          type="email"
          inputMode="email"
          value={draft.supportEmail}
          error={error}
          onChange={(v) => {
            setDraft({ supportEmail: v });
            setError(undefined);
          }}
          disabled={!online}
          autoComplete="email"
          maxLength={254}
        />
      </div>
    </SettingsSection>
  );
}

function RecentChanges({ history }: { history: AuditEntryDto[] }) {
  const headingId = useId();
  return (
    <section className="card settings-history" aria-labelledby={headingId} data-testid="settings-history">
      <h2 id={headingId}>Recent changes</h2>
      {history.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <ol className="settings-history-list">
          {history.map((entry) => (
            <li key={entry.id}>
              {describeSettingsChange(entry).map((change) => (
                <div key={change.section} className="settings-history-change">
                  <div className="settings-history-head">
                    <strong>{change.section}</strong>
                    <span className="muted">
                      {actorName(entry)} ·{' '}
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
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
