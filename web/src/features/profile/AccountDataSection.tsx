import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Download, LoaderCircle } from 'lucide-react';
import { API } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { api, isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { useAuth } from '../auth/index.ts';

/** Profile -> Your data: download everything as one JSON file; delete the account (password, optional erase). */
export function AccountDataSection() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Card className="mx-auto mt-6 w-full max-w-2xl" data-testid="account-data-section">
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 className="text-base font-semibold">{t('general.yourDataTitle')}</h2>
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t('general.downloadDataHint')}</p>
          {/* A plain download: the browser saves the answer (Content-Disposition: attachment) with the session cookie. */}
          <Button asChild variant="outline" className="self-start">
            <a href={API.accountExport} download data-testid="download-data">
              <Download aria-hidden="true" />
              {t('general.downloadData')}
            </a>
          </Button>
        </div>
        <div className="flex flex-col gap-2 border-t pt-4">
          <p className="text-sm text-muted-foreground">{t('general.deleteAccountHint')}</p>
          <Button variant="destructive" className="self-start" onClick={() => setOpen(true)} data-testid="delete-account">
            {t('general.deleteAccount')}
          </Button>
        </div>
        {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
      </CardContent>
    </Card>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [password, setPassword] = useState('');
  const [erase, setErase] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(API.accountDelete, { password, eraseMessages: erase });
    } catch (err) {
      setBusy(false);
      setError(isApiError(err) && err.code === 'wrong_password' ? t('general.passwordIncorrect') : errorMessage(err, t, 'general.errorServer'));
      return;
    }
    // The session died with the account: signing out only forgets what this device kept.
    await signOut().catch(() => undefined);
    toast.success(t('general.accountDeleted'));
    navigate('/auth', { replace: true });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent closeLabel={t('general.close')} data-testid="delete-account-dialog">
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('general.deleteAccountConfirmTitle')}</DialogTitle>
            <DialogDescription>{t('general.deleteAccountHint')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="delete-account-password">{t('general.accountPassword')}</Label>
            <Input id="delete-account-password" type="password" autoComplete="current-password" required value={password}
              onChange={(e) => setPassword(e.target.value)} aria-invalid={error !== null} aria-describedby={error ? 'delete-account-error' : undefined} />
            {error && <p id="delete-account-error" role="alert" className="text-sm text-destructive">{error}</p>}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={erase} onChange={(e) => setErase(e.target.checked)} className="size-4" data-testid="erase-messages" />
            {t('general.eraseMessages')}
          </label>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>{t('general.cancel')}</Button>
            <Button type="submit" variant="destructive" disabled={busy || password === ''} data-testid="delete-account-confirm">
              {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {t('general.deleteAccountConfirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
