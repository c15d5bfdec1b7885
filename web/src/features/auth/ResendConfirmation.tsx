import { useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { API } from '@parley/common/routes';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';

/** "Resend the confirmation e-mail", under the sign-in form once it answered "Email not confirmed". */
export function ResendConfirmation({ email }: { email: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api.post(API.resendConfirmation, { email });
      const message = t('auth.confirmationSent');
      void loadToast().then((toast) => toast.success(message));
    } catch (error) {
      const { key, vars } = errorText(error, 'general.errorServer');
      const [title, description] = [t('general.error'), t(key, vars)];
      void loadToast().then((toast) => toast.error(title, { description }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button type="button" variant="outline" className="mt-4 w-full" onClick={() => void resend()} disabled={busy || !email} data-testid="resend-confirmation">
      {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
      {t('auth.resendConfirmation')}
    </Button>
  );
}
