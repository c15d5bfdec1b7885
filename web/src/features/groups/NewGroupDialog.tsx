import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { DEFAULT_GROUP_REGISTER, GROUP_LIMITS } from '@parley/common/client';
import type { GroupRegister, UserSearchResult } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { openChatFromListItem, roomStarted, type OpenChat } from '../chat/index.ts';
import { groupsApi } from './groupsApi.ts';
import { PeoplePicker } from './PeoplePicker.tsx';
import { TonePicker } from './TonePicker.tsx';

export interface NewGroupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (chat: OpenChat) => void;
}

/** "New group": 2-255 people picked by search (chips), a name (1-100), a tone; the creator becomes its admin. */
export function NewGroupDialog({ open, onOpenChange, onCreated }: NewGroupDialogProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [people, setPeople] = useState<UserSearchResult[]>([]);
  const [register, setRegister] = useState<GroupRegister>(DEFAULT_GROUP_REGISTER);
  const trimmed = name.trim();
  const nameTooLong = Array.from(trimmed).length > GROUP_LIMITS.nameMax;
  const ready = trimmed.length > 0 && !nameTooLong && people.length >= GROUP_LIMITS.pickMin;

  const create = useMutation({
    mutationFn: () => groupsApi.create(trimmed, people.map((p) => p.id), register),
    onSuccess: ({ room, members }) => {
      roomStarted(queryClient, room, members);
      setName('');
      setPeople([]);
      setRegister(DEFAULT_GROUP_REGISTER);
      onOpenChange(false);
      onCreated(openChatFromListItem(room));
      toast.success(t('chat.groupCreated'), { description: room.name });
    },
    onError: (error) => {
      console.error('Could not create the group', error);
      toast.error(t('chat.groupCreateFailed'), { description: errorMessage(error, t, 'chat.chatFailedDescription') });
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t('general.close')} className="top-[6%] max-h-[88dvh] translate-y-0 grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-lg" data-testid="new-group-dialog">
        <DialogHeader>
          <DialogTitle>{t('chat.groupNew')}</DialogTitle>
          <DialogDescription>{t('chat.groupNewDescription')}</DialogDescription>
        </DialogHeader>
        <form
          id="new-group-form"
          className="flex min-w-0 flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready && !create.isPending) create.mutate();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="group-name">{t('chat.groupName')}</Label>
            <Input
              id="group-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder={t('chat.groupNamePlaceholder')}
              aria-invalid={nameTooLong || undefined}
              autoComplete="off"
              data-testid="group-name-input"
            />
            {nameTooLong && <p className="text-xs font-medium text-destructive">{t('chat.groupNameTooLong', { max: GROUP_LIMITS.nameMax })}</p>}
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <span className="flex items-baseline justify-between gap-2 text-sm font-medium">
              {t('chat.groupPeople')}
              <span className="text-xs font-normal text-muted-foreground" data-testid="group-chosen-count">
                {people.length >= GROUP_LIMITS.pickMin ? t('chat.groupChosenCount', { n: people.length }) : t('chat.groupNeedTwo')}
              </span>
            </span>
            <PeoplePicker chosen={people} onChange={setPeople} max={GROUP_LIMITS.pickMax} />
          </div>
          <TonePicker value={register} onChange={setRegister} disabled={create.isPending} />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            {t('chat.cancel')}
          </Button>
          <Button type="submit" form="new-group-form" disabled={!ready || create.isPending} data-testid="group-create">
            {create.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {create.isPending ? t('chat.groupCreating') : t('chat.groupCreate')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
