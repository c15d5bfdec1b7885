import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { LanguageCode } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { LanguageCombobox } from '../../components/ui/language-combobox.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';
import { InviteLink } from './InviteLink.tsx';
import { invitesApi, useInviteAbility } from './invitesApi.ts';
import { displayLanguageName } from '../../lib/names.ts';

/**
 * "Invite someone who is not on Parley yet" (issue 38): a one-person link to copy or share, or, when the server
 * has mail, an e-mail in the invitee's language.
 */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, language } = useI18n();
  const ability = useInviteAbility().data;
  const [url, setUrl] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [theirLanguage, setTheirLanguage] = useState<LanguageCode>(language as LanguageCode);
  const onError = (error: unknown) => void loadToast().then((toast) => toast.error(t('members.inviteFailed'), { description: errorMessage(error, t, 'general.errorServer') }));
  const link = useMutation({ mutationFn: () => invitesApi.create({}), onSuccess: (invite) => setUrl(invite.url), onError });
  const mail = useMutation({
    mutationFn: () => invitesApi.create({ email: email.trim(), language: theirLanguage }),
    onSuccess: (invite) => {
      setUrl(invite.url);
      void loadToast().then((toast) => toast.success(t('members.inviteSent', { email: email.trim() })));
      setEmail('');
    },
    onError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) mail.mutate();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} data-testid="invite-dialog">
        <DialogHeader>
          <DialogTitle>{t('members.inviteTitle')}</DialogTitle>
          <DialogDescription>{t('members.inviteDescription')}</DialogDescription>
        </DialogHeader>
        {url ? (
          <InviteLink url={url} />
        ) : (
          <Button onClick={() => link.mutate()} disabled={link.isPending} data-testid="invite-create">
            {t('members.inviteCreate')}
          </Button>
        )}
        {ability?.mail && (
          <form className="flex flex-col gap-2 border-t border-border pt-3" onSubmit={submit} data-testid="invite-mail-form">
            <Label htmlFor="invite-email">{t('members.inviteEmailLabel')}</Label>
            <Input id="invite-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
            <Label htmlFor="invite-language">{t('members.inviteEmailLanguage')}</Label>
            <LanguageCombobox
              id="invite-language"
              value={theirLanguage}
              onChange={setTheirLanguage}
              label={t('members.inviteEmailLanguage')}
              placeholder={t('scan.searchLanguage')}
              emptyText={t('scan.noLanguagesFound')}
              displayName={(code) => displayLanguageName(code, language, true)}
            />
            <Button type="submit" variant="outline" disabled={mail.isPending || !email.trim()} data-testid="invite-send">
              <Send aria-hidden="true" />
              {t('members.inviteSend')}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
