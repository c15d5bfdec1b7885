import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CatalogKey } from '@parley/common/i18n';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { useAuth } from '../auth/index.ts';
import { updateProfile } from './profileApi.ts';

/** The profile's on/off settings, each one saved field of the profile. */
type SwitchField = 'read_receipts' | 'translation_first';

interface ProfileSwitchProps {
  field: SwitchField;
  /** What the switch shows while the profile has no value yet. */
  defaultOn: boolean;
  title: CatalogKey;
  hint: CatalogKey;
  /** `${testId}` on the card, `${testId}-switch` on the switch. */
  testId: string;
  failed: CatalogKey;
}

/** One profile setting as a card with a switch: shows the value being saved at once, the saved one after. */
export function ProfileSwitch({ field, defaultOn, title, hint, testId, failed }: ProfileSwitchProps) {
  const t = useT();
  const { profile, setProfile } = useAuth();
  const save = useMutation({
    mutationFn: (on: boolean) => updateProfile({ [field]: on }),
    onSuccess: setProfile,
    onError: (error) => toast.error(errorMessage(error, t, failed)),
  });
  const on = (save.isPending ? save.variables : profile?.[field]) ?? defaultOn;
  return (
    <Card data-testid={testId}>
      <CardContent className="pt-6">
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-1 size-5 shrink-0 accent-primary"
            checked={on}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
            data-testid={`${testId}-switch`}
          />
          <span className="flex flex-col gap-1">
            <span className="font-semibold">{t(title)}</span>
            <span className="text-sm text-muted-foreground">{t(hint)}</span>
          </span>
        </label>
      </CardContent>
    </Card>
  );
}
