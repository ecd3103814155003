import { signUpSchema } from '@ecu/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messageOf } from '../../local/api-client';
import { setAuthUser } from '../../local/db';
import { Field } from '../../ui/field';
import { fieldErrorsOf } from '../../ui/field-errors';
import { PasswordInput } from '../../ui/password-input';
import { accountsApi } from '../api';
import { AuthScreen } from '../auth-screen';

export default function SignUpPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [showPasswords, setShowPasswords] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = signUpSchema.safeParse({ email, password, confirmPassword });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (!agreed) found.terms = 'Please accept the terms and conditions';
    if (!parsed.success || !agreed) {
      setErrors(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { message, data } = await accountsApi.signup(parsed.data);
      // The cached user is the route gate's source: a signed-in, not onboarded user goes to /onboarding.
      await setAuthUser(data);
      toast.success(message);
    } catch (err) {
      toast.error(messageOf(err, 'Failed to signup'));
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthScreen>
      <h1>Create Account</h1>
      <p className="subtitle">Join the ECU tuning platform to get started</p>
      <form onSubmit={submit}>
        <Field id="email" label="Email" error={errors.email}>
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
        <Field id="password" label="Password" error={errors.password}>
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
        <Field id="confirmPassword" label="Confirm Password" error={errors.confirmPassword}>
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
            I agree to the Terms and conditions
          </label>
          {errors.terms && <span className="field-error">{errors.terms}</span>}
        </div>
        <button type="submit" className="btn btn-block" disabled={pending}>
          {pending ? 'Loading...' : 'Continue'}
        </button>
      </form>
      <p className="auth-footer">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthScreen>
  );
}
