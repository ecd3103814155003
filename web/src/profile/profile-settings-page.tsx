import { formatCredits, formatGBP, type ProfileInput, profileSchema, type UserDto } from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { saveAccountLocale, useAuthUser } from '../accounts';
import { LanguageSwitch, useFormatLocale } from '../i18n';
import { messageOf } from '../local/api-client';
import { localDb, type OutboxCommand } from '../local/db';
import { discardCommand, enqueue, flushOutbox } from '../local/outbox';
import { useOnline } from '../local/use-online';
import { NotificationsSection } from '../notifications';
import { CountrySelect } from '../ui/country-select';
import { Field } from '../ui/field';
import { fieldErrorsOf } from '../ui/field-errors';
import { UPDATE_PROFILE_KIND, updateProfileHandler } from './sync';

const KIND = UPDATE_PROFILE_KIND;
const OFFLINE_TEXT = msg`You are offline. Your changes are saved on this device and will be sent when you are back online.`;
/** Online, but the server did not take the change (5xx, 429): the outbox sends it again later. */
const KEPT_TEXT = msg`Failed to update profile. Your changes are kept on this device and will be sent again automatically.`;
/** Shown when another flush (the sync loop) confirmed our command and we missed its message. */
const SUCCESS_TEXT = msg`Profile updated successfully`;
const DEFAULT_PER_CREDIT_PRICE = 60;

const FIELDS: { name: keyof ProfileInput; label: MessageDescriptor; autoComplete: string }[] = [
  { name: 'firstName', label: msg`First Name`, autoComplete: 'given-name' },
  { name: 'lastName', label: msg`Last Name`, autoComplete: 'family-name' },
  { name: 'country', label: msg`Country`, autoComplete: 'country' },
  { name: 'city', label: msg`City`, autoComplete: 'address-level2' },
  { name: 'address', label: msg`Address`, autoComplete: 'street-address' },
  { name: 'postalCode', label: msg`Post Code`, autoComplete: 'postal-code' },
];

function profileOf(user: UserDto, pending: OutboxCommand | undefined): ProfileInput {
  const base: ProfileInput = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    country: user.country ?? '',
    city: user.city ?? '',
    address: user.address ?? '',
    postalCode: user.postalCode ?? '',
  };
  // What the user saved last wins over the server's older copy until the command is confirmed.
  return pending ? { ...base, ...(pending.body as Partial<ProfileInput>) } : base;
}

export default function ProfileSettingsPage() {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const user = useAuthUser();
  const commands = useLiveQuery(() => localDb.outbox.where('kind').equals(KIND).sortBy('id'), []);
  const [formVersion, setFormVersion] = useState(0);

  if (typeof user !== 'object' || !user || !commands) {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }

  const pending = commands.filter((c) => c.status === 'pending').at(-1);
  const failed = commands.filter((c) => c.status === 'failed');

  async function discard(id: number) {
    await discardCommand(id);
    // Show the saved profile again instead of the values that were refused.
    setFormVersion((v) => v + 1);
  }

  return (
    <div className="stack">
      <div className="page-header">
        <div className="title-row">
          <h1>
            <Trans>Profile Settings</Trans>
          </h1>
          {pending && (
            <span className="badge badge-pending" role="status">
              <Trans>Pending sync</Trans>
            </span>
          )}
        </div>
        <p>
          <Trans>Your name and address appear on your invoices.</Trans>
        </p>
      </div>

      {failed.map((cmd) => (
        <div key={cmd.id} className="notice notice-error notice-row" role="alert">
          <span>{cmd.error || t`Failed to update profile`}</span>
          <button type="button" className="btn btn-secondary" onClick={() => discard(cmd.id!)}>
            <Trans>Discard</Trans>
          </button>
        </div>
      ))}

      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">
          <Trans>Account</Trans>
        </h2>
        <dl className="facts">
          <div>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>
              <Trans>Credits</Trans>
            </dt>
            <dd>{formatCredits(user.credits, locale)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Price per credit</Trans>
            </dt>
            <dd>{formatGBP(user.perCreditPrice ?? DEFAULT_PER_CREDIT_PRICE, locale)}</dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="language-heading">
        <h2 id="language-heading">
          <Trans>Language</Trans>
        </h2>
        <p className="muted">
          <Trans>The portal, its e-mails and its notifications speak the language chosen here.</Trans>
        </p>
        <LanguageSwitch className="language-switch profile-language" onChosen={saveAccountLocale} />
      </section>

      <ProfileForm key={`${user._id}:${formVersion}`} initial={profileOf(user, pending)} />

      <NotificationsSection accountRole={user.role} />
    </div>
  );
}

function ProfileForm({ initial }: { initial: ProfileInput }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [values, setValues] = useState<ProfileInput>(initial);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setValues(parsed.data);
    setSaving(true);
    try {
      // The new command carries the whole profile, so earlier refused attempts no longer apply.
      const stale = await localDb.outbox
        .where('kind')
        .equals(KIND)
        .filter((c) => c.status === 'failed')
        .toArray();
      await Promise.all(stale.map((c) => discardCommand(c.id!)));

      const cmd = await enqueue(updateProfileHandler, parsed.data);
      if (!online) {
        toast.info(i18n._(OFFLINE_TEXT));
        return;
      }
      let result = await flushOutbox();
      let row = await localDb.outbox.get(cmd.id!);
      // A flush already under way may have emptied its queue just before ours was added.
      if (row?.status === 'pending' && !result.interrupted) {
        result = await flushOutbox();
        row = await localDb.outbox.get(cmd.id!);
      }
      const confirmed = result.confirmed.find((c) => c.id === cmd.id);
      if (!row) toast.success(confirmed?.message || i18n._(SUCCESS_TEXT));
      else if (row.status === 'failed') toast.error(row.error || t`Failed to update profile`);
      else if (result.waitingFor === 'server') toast.error(i18n._(KEPT_TEXT));
      else toast.info(i18n._(OFFLINE_TEXT));
    } catch (err) {
      toast.error(messageOf(err, t`Failed to update profile`));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card" onSubmit={save} aria-labelledby="profile-heading">
      <h2 id="profile-heading">
        <Trans>Personal details</Trans>
      </h2>
      <div className="form-row">
        {FIELDS.map(({ name, label, autoComplete }) => (
          <Field id={name} key={name} label={i18n._(label)} error={errors[name]} starred>
            {name === 'country' ? (
              <CountrySelect
                id={name}
                value={values.country}
                onChange={(country) => setValues((v) => ({ ...v, country }))}
                invalid={Boolean(errors.country)}
              />
            ) : (
              <input
                id={name}
                name={name}
                type="text"
                className="input"
                autoComplete={autoComplete}
                required
                value={values[name]}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
                aria-invalid={Boolean(errors[name])}
              />
            )}
          </Field>
        ))}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? t`Saving...` : t`Save Changes`}
        </button>
      </div>
    </form>
  );
}
