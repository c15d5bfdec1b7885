import { useState } from 'react';
import { Send } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { InviteDialog } from './InviteDialog.tsx';
import { useInviteAbility } from './invitesApi.ts';

/** "Invite someone" for people who may invite (an admin, or anyone when the operator allows it); nothing for others. */
export function InviteButton({ variant = 'outline', size, className, label }: Pick<ButtonProps, 'variant' | 'size' | 'className'> & { label?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ability = useInviteAbility().data;
  if (!ability?.allowed) return null;
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => setOpen(true)} data-testid="invite-open">
        <Send aria-hidden="true" />
        {label ?? t('members.inviteButton')}
      </Button>
      <InviteDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
