import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messageOf } from '../../local/api-client';
import { mayHoldLocalDatabase } from '../../local/local-database';
import { Field } from '../../ui/field';
import { PasswordInput } from '../../ui/password-input';
import { toast } from '../../ui/toast';
import { accountsApi } from '../api';
import { AuthScreen } from '../auth-screen';

const loadCheck = () => import('../sign-in-check');
// Dexie stays out of the first screen's download (docs/decisions/031-first-visit.md): the
// notice and the write of the signed-in user load it beside the page; the notice only where
// the browser may hold the local database (on a device that never signed in nothing waits).
const loadDb = () => import('../../local/db');
const WaitingForSignInNotice = lazy(() =>
  import('../../local/waiting-notice').then((m) => ({ default: m.WaitingForSignInNotice })),
);

export default function SignInPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [mayHaveWaiting, setMayHaveWaiting] = useState(false);
  useEffect(() => {
    let live = true;
    void mayHoldLocalDatabase().then((may) => live && setMayHaveWaiting(may));
    return () => {
      live = false;
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    try {
      const checked = (await loadCheck()).checkSignIn({ email, password, rememberMe });
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      setErrors({});
      const { message, data } = await accountsApi.login(checked.input);
      await (await loadDb()).setAuthUser(data);
      toast.success(message);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      toast.error(messageOf(err, t`Failed to signin`));
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthScreen>
      <h1>
        <Trans>Sign In</Trans>
      </h1>
      <p className="subtitle">
        <Trans>Welcome back. Sign in to your account.</Trans>
      </p>
      {mayHaveWaiting && (
        <Suspense fallback={null}>
          <WaitingForSignInNotice />
        </Suspense>
      )}
      <form onSubmit={submit} onFocus={() => void loadCheck().catch(() => {})} noValidate={false}>
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
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            visible={showPassword}
            onToggle={() => setShowPassword((v) => !v)}
            aria-invalid={Boolean(errors.password)}
          />
        </Field>
        <div className="auth-row">
          <label className="check">
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            <Trans>Remember me</Trans>
          </label>
          <Link to="/password-reset">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <button type="submit" className="btn btn-block" disabled={pending}>
          {pending ? t`Loading...` : t`Continue`}
        </button>
      </form>
      <p className="auth-footer">
        <Link to="/signup">
          <Trans>Don't have an account? Sign up</Trans>
        </Link>
      </p>
    </AuthScreen>
  );
}
