import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { updateProfile } from './profileApi.ts';

/**
 * Profile -> "Show my language first" (off by default, the spec's layout): on, the translation is the main text of
 * what I read (chat, groups, search results, notifications) and the original is one tap away.
 */
export function TranslationFirstSection() {
  const t = useT();
  const { profile, setProfile } = useAuth();
  const save = useMutation({
    mutationFn: (on: boolean) => updateProfile({ translation_first: on }),
    onSuccess: setProfile,
    onError: (error) => toast.error(errorMessage(error, t, 'general.errorServer')),
  });
  const on = (save.isPending ? save.variables : profile?.translation_first) === true;
  return (
    <Card data-testid="translation-first">
      <CardContent className="pt-6">
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-1 size-5 shrink-0 accent-primary"
            checked={on}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
            data-testid="translation-first-switch"
          />
          <span className="flex flex-col gap-1">
            <span className="font-semibold">{t('phone.showMineFirst')}</span>
            <span className="text-sm text-muted-foreground">{t('phone.showMineFirstHint')}</span>
          </span>
        </label>
      </CardContent>
    </Card>
  );
}
