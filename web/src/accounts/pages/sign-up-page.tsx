import { isLocale, signUpSchema } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { i18n } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { setAuthUser } from '../../local/db';
import { Field } from '../../ui/field';
import { fieldErrorsOf } from '../../ui/field-errors';
import { PasswordInput } from '../../ui/password-input';
import { accountsApi } from '../api';
import { AuthScreen } from '../auth-screen';
import { serverFieldErrors } from '../server-field-errors';

export default function SignUpPage() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [showPasswords, setShowPasswords] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The address of a sign-up that started no session: it has an account, whose owner was mailed. */
  const [checkMailFor, setCheckMailFor] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The new account speaks the language this screen is in (its e-mails too).
    const locale = isLocale(i18n.locale) ? i18n.locale : undefined;
    const parsed = signUpSchema.safeParse({ email, password, confirmPassword, locale });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (!agreed) found.terms = t`Please accept the terms and conditions`;
    if (!parsed.success || !agreed) {
      setErrors(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { message, data } = await accountsApi.signup(parsed.data);
      // The answer is alike for a new and a taken address; only a new one comes with its user
      // (and a session). A taken one: its owner got an e-mail, so this page says to look there.
      if (!data) {
        setCheckMailFor(parsed.data.email);
        return;
      }
      // The cached user is the route gate's source: a signed-in, not onboarded user goes to /onboarding.
      await setAuthUser(data);
      toast.success(message);
    } catch (err) {
      setErrors(serverFieldErrors(err));
      toast.error(messageOf(err, t`Failed to signup`));
    } finally {
      setPending(false);
    }
  }

  if (checkMailFor) {
    return (
      <AuthScreen>
        <div role="status">
          <div className="status-icon" aria-hidden="true">
            &#9993;
          </div>
          <h1>
            <Trans>Check your e-mail</Trans>
          </h1>
          <p className="subtitle">
            <Trans>
              We have sent a message to <strong dir="ltr">{checkMailFor}</strong>. It tells you how to go on.
            </Trans>
          </p>
          <p className="auth-text">
            <Trans>
              Already have an account with this address? <Link to="/signin">Sign in</Link> or{' '}
              <Link to="/password-reset">reset your password</Link>.
            </Trans>
          </p>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen>
      <h1>
        <Trans>Create Account</Trans>
      </h1>
      <p className="subtitle">
        <Trans>Join the ECU tuning platform to get started</Trans>
      </p>
      <form onSubmit={submit}>
        <Field id="email" label={t`Email`} error={errors.email}>
          <input
            id="email"
            name="email"
            type="email"
            className="input"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
          />
        </Field>
        <Field id="password" label={t`Password`} error={errors.password}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            visible={showPasswords}
            onToggle={() => setShowPasswords((v) => !v)}
            aria-invalid={Boolean(errors.password)}
          />
        </Field>
        <Field id="confirmPassword" label={t`Confirm Password`} error={errors.confirmPassword}>
          {/* No toggle of its own: the Password field's Show/Hide switches both. */}
          <PasswordInput
            id="confirmPassword"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            visible={showPasswords}
            aria-invalid={Boolean(errors.confirmPassword)}
          />
        </Field>
        <div className="field">
          <label className="check" htmlFor="terms">
            <input
              id="terms"
              name="terms"
              type="checkbox"
              required
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              aria-invalid={Boolean(errors.terms)}
            />
            <Trans>I agree to the Terms and conditions</Trans>
          </label>
          {errors.terms && <span className="field-error">{errors.terms}</span>}
        </div>
        <button type="submit" className="btn btn-block" disabled={pending}>
          {pending ? t`Loading...` : t`Continue`}
        </button>
      </form>
      <p className="auth-footer">
        <Trans>
          Already have an account? <Link to="/signin">Sign in</Link>
        </Trans>
      </p>
    </AuthScreen>
  );
}
