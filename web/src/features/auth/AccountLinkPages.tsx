import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { LoaderCircle } from 'lucide-react';
import { API, type MailRequestResponse, type SessionResponse, type SignInResponse } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { api, isApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';
import { SESSION_QUERY_KEY } from './AuthProvider.tsx';
import { AuthCardLayout } from './AuthCardLayout.tsx';

function BackToSignIn() {
  const t = useT();
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline" data-testid="back-to-sign-in">
        {t('auth.backToSignIn')}
      </Link>
    </p>
  );
}

/** The token of a mailed link: in the fragment (#token=...), which no server ever sees. */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** "Forgot password?": the same answer whether or not the address has an account. */
export function ForgotPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await api.post<MailRequestResponse>(API.passwordReset, { email: email.trim() });
      setSent(true);
    } catch (error) {
      const { key, vars } = errorText(error, 'general.errorServer');
      setProblem(t(key, vars));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCardLayout title={t('auth.resetTitle')} subtitle={sent ? undefined : t('auth.resetSubtitle')}>
      {sent ? (
        <p className="text-center text-sm" role="status" data-testid="reset-sent">{t('auth.resetSent')}</p>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={onSubmit} data-testid="forgot-form">
          <div className="flex flex-col gap-2">
            <Label htmlFor="forgot-email">{t('auth.email')}</Label>
            <Input
              id="forgot-email" name="email" type="email" autoComplete="email" autoFocus required
              placeholder={t('auth.emailPlaceholder')} value={email} onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          {problem && <p className="text-sm text-destructive" role="alert" data-testid="account-error">{problem}</p>}
          <Button type="submit" size="lg" className="w-full" disabled={busy} data-testid="forgot-submit">
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t(busy ? 'auth.sending' : 'auth.sendResetLink')}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthCardLayout>
  );
}

/** The reset link's page: a new password (the sign-up rules), then sign in with it. */
export function ResetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [token] = useState(() => linkToken(window.location.hash));
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await api.post(API.passwordResetConfirm, { token, password });
      const message = t('auth.passwordReset');
      void loadToast().then((toast) => toast.success(message));
      navigate('/auth', { replace: true });
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      if (code === 'weak_password') setProblem(t('auth.passwordTooShort'));
      else {
        const { key, vars } = errorText(error, 'general.errorServer');
        setProblem(t(key, vars));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCardLayout title={t('auth.newPasswordTitle')}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} data-testid="reset-form">
        <div className="flex flex-col gap-2">
          <Label htmlFor="reset-password">{t('auth.newPassword')}</Label>
          <Input
            id="reset-password" name="password" type="password" autoComplete="new-password" autoFocus required
            placeholder={t('auth.passwordPlaceholder')} value={password} onChange={(e) => setPassword(e.target.value)}
          />
          <p className="text-xs text-muted-foreground">{t('auth.passwordHint')}</p>
        </div>
        {problem && <p className="text-sm text-destructive" role="alert" data-testid="account-error">{problem}</p>}
        <Button type="submit" size="lg" className="w-full" disabled={busy || !token} data-testid="reset-submit">
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {t('auth.savePassword')}
        </Button>
        {!token && <p className="text-sm text-destructive" role="alert">{t('auth.linkInvalid')}</p>}
      </form>
      <BackToSignIn />
    </AuthCardLayout>
  );
}

/** One confirmation per token, even when React runs the effect twice (a second call would find the link used). */
const confirmations = new Map<string, Promise<SignInResponse>>();

/** The confirmation link's page: confirms the address, and the person lands signed in at the app. */
export function ConfirmEmailPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const token = linkToken(window.location.hash);
    let confirming = confirmations.get(token);
    if (!confirming) {
      confirming = api.post<SignInResponse>(API.confirmEmail, { token });
      confirmations.set(token, confirming);
    }
    let live = true;
    confirming.then(
      (response) => {
        if (!live) return;
        const session: SessionResponse = { user: response.user, profile: response.profile };
        queryClient.setQueryData(SESSION_QUERY_KEY, session);
        const [title, description] = [t(response.firstSignIn ? 'auth.welcomeNew' : 'auth.welcomeBack'), t('auth.signedInDescription')];
        void loadToast().then((toast) => toast.success(title, { description }));
        navigate('/', { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        const { key, vars } = errorText(error, 'general.errorServer');
        setProblem(t(key, vars));
      },
    );
    return () => {
      live = false;
    };
  }, [navigate, queryClient, t]);

  return (
    <AuthCardLayout title={t('auth.mailConfirmSubject')}>
      {problem ? (
        <p className="text-center text-sm text-destructive" role="alert" data-testid="account-error">{problem}</p>
      ) : (
        <p className="flex items-center justify-center gap-2 text-sm" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {t('auth.confirming')}
        </p>
      )}
      <BackToSignIn />
    </AuthCardLayout>
  );
}
