import { type ProfileInput, profileSchema } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { messageOf } from '../../local/api-client';
import { setAuthUser } from '../../local/db';
import { CountrySelect } from '../../ui/country-select';
import { Field } from '../../ui/field';
import { fieldErrorsOf } from '../../ui/field-errors';
import { accountsApi } from '../api';
import { AuthScreen } from '../auth-screen';

const EMPTY: ProfileInput = {
  firstName: '',
  lastName: '',
  country: '',
  city: '',
  postalCode: '',
  address: '',
};

type TextField = Exclude<keyof ProfileInput, 'country'>;

export default function OnboardingPage() {
  const { t } = useLingui();
  const [values, setValues] = useState<ProfileInput>(EMPTY);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (field: keyof ProfileInput) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { message, data } = await accountsApi.onboarding(parsed.data);
      // The route gate follows the cached user: onboarded and not verified goes to /unverified.
      await setAuthUser(data);
      toast.success(message);
    } catch (err) {
      toast.error(messageOf(err, t`Failed to complete onboarding`));
    } finally {
      setPending(false);
    }
  }

  const text = (field: TextField, label: string, autoComplete: string) => (
    <Field id={field} label={label} error={errors[field]}>
      <input
        id={field}
        name={field}
        type="text"
        className="input"
        autoComplete={autoComplete}
        required
        value={values[field]}
        onChange={(e) => set(field)(e.target.value)}
        aria-invalid={Boolean(errors[field])}
      />
    </Field>
  );

  return (
    <AuthScreen wide>
      <h1>
        <Trans>Complete Your Profile</Trans>
      </h1>
      <p className="subtitle">
        <Trans>Tell us who you are and where you are based to finish setting up your account</Trans>
      </p>
      <form onSubmit={submit}>
        <div className="form-row">
          {text('firstName', t`First Name`, 'given-name')}
          {text('lastName', t`Last Name`, 'family-name')}
        </div>
        <div className="form-row">
          <Field id="country" label={t`Country`} error={errors.country}>
            <CountrySelect
              id="country"
              value={values.country}
              onChange={set('country')}
              invalid={Boolean(errors.country)}
            />
          </Field>
          {text('city', t`City`, 'address-level2')}
        </div>
        <div className="form-row">
          {text('postalCode', t`Post Code`, 'postal-code')}
          {text('address', t`Address`, 'street-address')}
        </div>
        <button type="submit" className="btn btn-block" disabled={pending}>
          {pending ? t`Saving...` : t`Save Profile`}
        </button>
      </form>
    </AuthScreen>
  );
}
