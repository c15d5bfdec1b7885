import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { AuthCardLayout } from './AuthCardLayout.tsx';
import { API } from '@parley/common/routes';
import type { OidcStartResponse } from '@parley/common';
import { api } from '../../lib/api.ts';
import { codeText } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { loadToast, preloadToasts } from '../../lib/toaster.tsx';
import { useAuth } from './AuthProvider.tsx';
import { ResendConfirmation } from './ResendConfirmation.tsx';
import { mapAuthError, type AuthMode } from './authErrors.ts';
import { inviteFromLocation, useRegistration } from './useRegistration.ts';

export function AuthPage() {
  const t = useT();
  const navigate = useNavigate();
  const { signIn, signUp } = useAuth();
  // An invite link (/auth?mode=signup&invite=...) opens the sign-up form and carries its token.
  const [invite] = useState(() => (typeof window === 'undefined' ? undefined : inviteFromLocation(window.location.search)));
  const registration = useRegistration();
  /** Sign-up is by invitation or closed, and this visitor has no invite: say so instead of offering the form. */
  const signUpUnavailable = !invite && registration !== null && registration.mode !== 'open' ? registration.mode : null;
  const [mode, setMode] = useState<AuthMode>(invite ? 'signUp' : 'signIn');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Set by a successful sign-up until the mode changes: the sign-in card then says the account exists. */
  const [signedUp, setSignedUp] = useState<'created' | 'confirmEmail' | null>(null);
  /** Sign-in said "Email not confirmed": offer a new confirmation mail for this address. */
  const [unconfirmed, setUnconfirmed] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  /** Single sign-on (OIDC_*): the provider's name for the button; OIDC_ONLY hides the password form. */
  const ssoName = registration?.oidcName ?? null;
  const passwordsHidden = registration?.oidcOnly ?? false;
  const [ssoBusy, setSsoBusy] = useState(false);
  const isSignUp = mode === 'signUp';
  const switchMode = (next: AuthMode) => {
    setMode(next);
    setSignedUp(null);
  };

  const showError = (error: unknown) => {
    const view = mapAuthError(mode, error);
    setUnconfirmed(view.descriptionKey === 'auth.emailNotConfirmed');
    const title = t(view.title);
    const description = t(view.descriptionKey, view.vars);
    void loadToast().then((toast) => toast.error(title, { description }));
    if (view.switchToSignIn) switchMode('signIn');
  };

  // The provider sent the browser back refusing the sign-in (/auth?sso_error=CODE): say why, once.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('sso_error');
    if (!code) return;
    params.delete('sso_error');
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${params.size ? `?${params}` : ''}`);
    const [title, description] = [t('auth.signInFailed'), t(codeText(code, 'auth.ssoFailed'))];
    void loadToast().then((toast) => toast.error(title, { description }));
  }, [t]);

  const continueWithSso = async () => {
    if (ssoBusy) return;
    setSsoBusy(true);
    try {
      const { url } = await api.post<OidcStartResponse>(API.oidcStart, invite ? { invite } : {});
      window.location.assign(url);
    } catch (error) {
      showError(error);
      setSsoBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (isSignUp) {
        const result = await signUp(username.trim(), email.trim(), password, invite);
        // The fields clear (spec section 4) except the e-mail, which is what the person signs in with next;
        // the card itself says the account exists, so only the password is left to type.
        setUsername('');
        setPassword('');
        setShowPassword(false);
        setMode('signIn');
        setSignedUp(result.confirmationRequired ? 'confirmEmail' : 'created');
        passwordInput.current?.focus();
      } else {
        const { firstSignIn } = await signIn(email.trim(), password);
        const [title, description] = [t(firstSignIn ? 'auth.welcomeNew' : 'auth.welcomeBack'), t('auth.signedInDescription')];
        void loadToast().then((toast) => toast.success(title, { description }));
        navigate('/', { replace: true });
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const title = isSignUp ? t('auth.signUpTitle') : signedUp ? t('auth.accountCreated') : t('auth.signInTitle');
  const subtitle = isSignUp
    ? t(invite ? 'auth.invited' : 'auth.signUpSubtitle')
    : signedUp
      ? t(signedUp === 'confirmEmail' ? 'auth.confirmEmailDescription' : 'auth.accountCreatedDescription')
      : t('auth.signInSubtitle');
  const submitLabel = busy ? t(isSignUp ? 'auth.signingUp' : 'auth.signingIn') : t(isSignUp ? 'auth.signUp' : 'auth.signIn');

  return (
    <AuthCardLayout title={title} subtitle={subtitle} testIds="auth">
      {ssoName && (
        <>
          <Button type="button" variant="outline" size="lg" className="w-full" onClick={() => void continueWithSso()} disabled={ssoBusy} data-testid="sso-button">
            {ssoBusy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t('auth.continueWith', { name: ssoName })}
          </Button>
          {!passwordsHidden && (
            <div className="my-5 flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              {t('auth.orDivider')}
              <span className="h-px flex-1 bg-border" />
            </div>
          )}
        </>
      )}
      {!passwordsHidden && (
        <>
          <form className="flex flex-col gap-4" onSubmit={onSubmit} onInput={preloadToasts} data-testid="auth-form" data-mode={mode}>
            {isSignUp && (
              <div className="flex flex-col gap-2">
                <Label htmlFor="auth-username">{t('auth.username')}</Label>
                <Input
                  id="auth-username"
                  name="username"
                  autoFocus
                  autoComplete="username"
                  placeholder={t('auth.usernamePlaceholder')}
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  required
                />
              </div>
            )}
            <div className="flex flex-col gap-2">
              <Label htmlFor="auth-email">{t('auth.email')}</Label>
              <Input
                id="auth-email"
                name="email"
                autoFocus={!isSignUp}
                type="email"
                autoComplete="email"
                placeholder={t('auth.emailPlaceholder')}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="auth-password">{t('auth.password')}</Label>
              <div className="relative">
                <Input
                  id="auth-password"
                  ref={passwordInput}
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete={isSignUp ? 'new-password' : 'current-password'}
                  placeholder={t('auth.passwordPlaceholder')}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  className="pe-11"
                  required
                />
                <button
                  type="button"
                  className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-label={t(showPassword ? 'auth.hidePassword' : 'auth.showPassword')}
                  aria-pressed={showPassword}
                  data-testid="toggle-password"
                >
                  {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                </button>
              </div>
              {isSignUp && <p className="text-xs text-muted-foreground">{t('auth.passwordHint')}</p>}
              {!isSignUp && (
                <Link to="/forgot-password" className="self-end text-xs font-medium text-primary underline-offset-4 hover:underline" data-testid="forgot-password">
                  {t('auth.forgotPassword')}
                </Link>
              )}
            </div>
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy} data-testid="auth-submit">
              {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {submitLabel}
            </Button>
          </form>
          {unconfirmed && !isSignUp && <ResendConfirmation email={email.trim()} />}
        </>
      )}
      {passwordsHidden ? null : signUpUnavailable && !isSignUp ? (
        <p className="mt-6 text-center text-sm text-muted-foreground" data-testid="signup-unavailable" data-mode={signUpUnavailable}>
          {t(signUpUnavailable === 'invite' ? 'auth.signUpByInvitation' : 'auth.signUpClosed')}
        </p>
      ) : (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {t(isSignUp ? 'auth.haveAccount' : 'auth.noAccount')}{' '}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => switchMode(isSignUp ? 'signIn' : 'signUp')}
            data-testid="auth-toggle"
          >
            {t(isSignUp ? 'auth.switchToSignIn' : 'auth.switchToSignUp')}
          </button>
        </p>
      )}
    </AuthCardLayout>
  );
}
