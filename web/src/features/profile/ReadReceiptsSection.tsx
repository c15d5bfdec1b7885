import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { updateProfile } from './profileApi.ts';

/** Profile -> "Read receipts" (on by default): off, others don't see my reads and I don't see theirs. */
export function ReadReceiptsSection() {
  const t = useT();
  const { profile, setProfile } = useAuth();
  const save = useMutation({
    mutationFn: (on: boolean) => updateProfile({ read_receipts: on }),
    onSuccess: setProfile,
    onError: (error) => toast.error(errorMessage(error, t, 'chat.groupChangeFailed')),
  });
  const on = (save.isPending ? save.variables : profile?.read_receipts) !== false;
  return (
    <Card data-testid="read-receipts">
      <CardContent className="pt-6">
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-1 size-5 shrink-0 accent-primary"
            checked={on}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
            data-testid="read-receipts-switch"
          />
          <span className="flex flex-col gap-1">
            <span className="font-semibold">{t('chat.readReceipts')}</span>
            <span className="text-sm text-muted-foreground">{t('chat.readReceiptsHint')}</span>
          </span>
        </label>
      </CardContent>
    </Card>
  );
}
