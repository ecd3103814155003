import { OTP_LENGTH, passwordResetConfirmSchema, passwordResetRequestSchema } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messageOf } from '../../local/api-client';
import { Field } from '../../ui/field';
import { fieldErrorsOf } from '../../ui/field-errors';
import { PasswordInput } from '../../ui/password-input';
import { accountsApi } from '../api';
import { AuthScreen } from '../auth-screen';

/** 'Send OTP' mails a 6-digit code; step two sets the new password (docs/product.md#1-roles-and-accounts). */
export default function PasswordResetPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [showPasswords, setShowPasswords] = useState(false);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function requestCode(e: FormEvent) {
    e.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { message } = await accountsApi.requestPasswordReset(parsed.data);
      toast.success(message);
      setEmail(parsed.data.email);
      setStep('confirm');
    } catch (err) {
      toast.error(messageOf(err, t`Failed to send OTP`));
    } finally {
      setPending(false);
    }
  }

  async function resendCode() {
    setResending(true);
    try {
      const { message } = await accountsApi.requestPasswordReset({ email });
      toast.success(message);
    } catch (err) {
      toast.error(messageOf(err, t`Failed to send OTP`));
    } finally {
      setResending(false);
    }
  }

  async function confirmReset(e: FormEvent) {
    e.preventDefault();
    const parsed = passwordResetConfirmSchema.safeParse({ email, otp, password, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { message } = await accountsApi.confirmPasswordReset(parsed.data);
      toast.success(message);
      navigate('/signin', { replace: true });
    } catch (err) {
      toast.error(messageOf(err, t`Failed to reset password`));
    } finally {
      setPending(false);
    }
  }

  function changeEmail() {
    setStep('request');
    setOtp('');
    setPassword('');
    setConfirmPassword('');
    setErrors({});
  }

  if (step === 'request') {
    return (
      <AuthScreen>
        <h1>
          <Trans>Reset Password</Trans>
        </h1>
        <p className="subtitle">
          <Trans>Enter your email to reset your password</Trans>
        </p>
        <form onSubmit={requestCode}>
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
          <button type="submit" className="btn btn-block" disabled={pending}>
            {pending ? t`Loading...` : t`Send OTP`}
          </button>
        </form>
        <p className="auth-footer">
          <Link to="/signin">
            <Trans>Return to log in</Trans>
          </Link>
        </p>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen>
      <h1>
        <Trans>Reset Password</Trans>
      </h1>
      <p className="subtitle">
        <Trans>
          If an account exists for <strong dir="ltr">{email}</strong>, we have sent it a {OTP_LENGTH}-digit
          code. Enter it below with your new password.
        </Trans>
      </p>
      <form onSubmit={confirmReset}>
        <Field id="otp" label={t`${OTP_LENGTH}-digit code`} error={errors.otp}>
          <input
            id="otp"
            name="otp"
            type="text"
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            required
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            aria-invalid={Boolean(errors.otp)}
          />
        </Field>
        <Field id="password" label={t`New Password`} error={errors.password}>
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
        {errors.email && <p className="field-error">{errors.email}</p>}
        <button type="submit" className="btn btn-block" disabled={pending}>
          {pending ? t`Loading...` : t`Reset Password`}
        </button>
      </form>
      <div className="auth-row auth-row-spaced">
        <button type="button" className="btn-link" onClick={resendCode} disabled={resending}>
          {resending ? t`Sending...` : t`Resend code`}
        </button>
        <button type="button" className="btn-link" onClick={changeEmail}>
          <Trans>Use a different email</Trans>
        </button>
      </div>
      <p className="auth-footer">
        <Link to="/signin">
          <Trans>Return to log in</Trans>
        </Link>
      </p>
    </AuthScreen>
  );
}
