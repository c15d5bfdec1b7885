import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, LogOut, ShieldCheck, UserMinus, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { GROUP_LIMITS } from '@parley/common/client';
import type { ConversationListItem, RoomMember, UserSearchResult } from '@parley/common';
import { PersonActions, PersonLine } from '../../components/people.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { chatApi, roomLeft } from '../chat/index.ts';
import { groupsApi } from './groupsApi.ts';
import { PeoplePicker } from './PeoplePicker.tsx';
import { TonePicker } from './TonePicker.tsx';
import { useGroupAction } from './useGroup.ts';
import { InviteButton } from '../invites/index.ts';
import { IntegrationsSection } from '../integrations/index.ts';
import { displayLanguageName } from '../../lib/names.ts';

export interface GroupInfoDialogProps {
  room: ConversationListItem;
  members: RoomMember[] | undefined;
  myId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** We left: the conversation closes. */
  onLeft: () => void;
}

/** Group info: the members (username, language, admin mark); admins add, remove, rename, make admin, change the tone; anyone leaves. */
export function GroupInfoDialog({ room, members, myId, open, onOpenChange, onLeft }: GroupInfoDialogProps) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [name, setName] = useState(room.name);
  const [adding, setAdding] = useState<UserSearchResult[] | null>(null);
  const [removing, setRemoving] = useState<RoomMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  const admin = room.isAdmin;
  const trimmed = name.trim();

  const rename = useGroupAction((newName: string) => groupsApi.update(room.id, { name: newName }));
  const tone = useGroupAction((register: NonNullable<ConversationListItem['register']>) => groupsApi.update(room.id, { register }));
  const add = useGroupAction((ids: string[]) => groupsApi.add(room.id, ids), () => setAdding(null));
  const remove = useGroupAction((userId: string) => groupsApi.remove(room.id, userId), () => setRemoving(null));
  const makeAdmin = useGroupAction((userId: string) => groupsApi.makeAdmin(room.id, userId));
  const leave = useMutation({
    mutationFn: () => chatApi.leave(room.id),
    onSuccess: () => {
      roomLeft(queryClient, room.id);
      queryClient.removeQueries({ queryKey: ['chat', room.id] });
      setLeaving(false);
      onOpenChange(false);
      toast(t('chat.groupLeft', { group: room.name }));
      onLeft();
    },
    onError: (error) => {
      console.error('Could not leave the group', error);
      toast.error(t('chat.groupChangeFailed'), { description: errorMessage(error, t, 'general.errorServer') });
    },
  });

  const sorted = [...(members ?? [])].sort((a, b) => Number(b.is_admin) - Number(a.is_admin) || a.username.localeCompare(b.username, language));
  const memberIds = new Set(sorted.map((m) => m.id));
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          closeLabel={t('general.close')}
          // No focus on the name field: on a phone that would open the keyboard over the member list.
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="top-[5%] max-h-[90dvh] translate-y-0 grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-lg"
          data-testid="group-info"
        >
          <DialogHeader>
            <DialogTitle dir="auto" className="truncate">{room.name}</DialogTitle>
            <DialogDescription>{t('chat.groupMemberCount', { n: room.memberCount })}</DialogDescription>
          </DialogHeader>

          {admin && (
            <form
              className="flex items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (trimmed && trimmed !== room.name) rename.mutate(trimmed);
              }}
            >
              <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium">
                {t('chat.groupName')}
                <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={GROUP_LIMITS.nameMax} autoComplete="off" data-testid="group-rename-input" />
              </label>
              <Button type="submit" variant="outline" disabled={!trimmed || trimmed === room.name || rename.isPending} data-testid="group-rename">
                {rename.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                {t('chat.groupRename')}
              </Button>
            </form>
          )}
          {admin && room.register && <TonePicker value={room.register} onChange={(register) => register !== room.register && tone.mutate(register)} disabled={tone.isPending} />}

          <section className="flex min-w-0 flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{t('chat.groupPeople')}</h3>
              {admin && adding === null && (
                <Button variant="ghost" size="sm" onClick={() => setAdding([])} data-testid="group-add-members">
                  <UserPlus aria-hidden="true" />
                  {t('chat.groupAddMembers')}
                </Button>
              )}
            </div>
            {adding !== null && (
              <div className="mb-2 flex flex-col gap-2 rounded-xl border border-border p-2">
                <PeoplePicker chosen={adding} onChange={setAdding} exclude={memberIds} max={GROUP_LIMITS.maxMembers - room.memberCount} />
                <div className="flex justify-end gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setAdding(null)}>{t('chat.cancel')}</Button>
                  <Button size="sm" disabled={adding.length === 0 || add.isPending} onClick={() => add.mutate(adding.map((u) => u.id))} data-testid="group-add-confirm">
                    {add.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                    {t('chat.groupAdd')}
                  </Button>
                </div>
              </div>
            )}
            <ul className="flex flex-col" data-testid="group-members">
              {sorted.map((m) => (
                <li key={m.id} className="flex items-center gap-3 rounded-xl px-1 py-1.5" data-testid="group-member" data-username={m.username} data-admin={m.is_admin}>
                  <PersonLine
                    username={m.username}
                    bot={m.bot}
                    nameExtra={m.id === myId && <span className="font-normal text-muted-foreground">{t('chat.groupYouMark')}</span>}
                    detail={m.language ? displayLanguageName(m.language, language, true) : ''}
                    detailTestId="group-member-language"
                  />
                  {m.is_admin && (
                    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-[11px] font-semibold text-secondary-foreground" data-testid="group-admin-mark">
                      <ShieldCheck className="size-3" aria-hidden="true" />
                      {t('chat.groupAdmin')}
                    </span>
                  )}
                  {admin && m.id !== myId && (
                    <PersonActions
                      label={t('chat.groupMemberOptions', { name: m.username })}
                      testId="group-member-menu"
                      className="shrink-0 text-muted-foreground"
                      actions={[
                        ...(m.is_admin ? [] : [{ label: t('chat.groupMakeAdmin'), icon: <ShieldCheck aria-hidden="true" />, onSelect: () => makeAdmin.mutate(m.id), testId: 'group-make-admin' }]),
                        { label: t('chat.groupRemoveMember'), icon: <UserMinus aria-hidden="true" />, onSelect: () => setRemoving(m), testId: 'group-remove-member', destructive: true },
                      ]}
                    />
                  )}
                </li>
              ))}
            </ul>
            {/* Someone who is not on Parley yet: a link or an e-mail (issue 38); add them here once they have an account. */}
            <InviteButton variant="ghost" size="sm" label={t('members.inviteTitle')} className="h-auto self-start whitespace-normal py-2 text-start" />
          </section>

          {/* Webhooks (issue 35): the group's admins manage them. */}
          {admin && open && <IntegrationsSection roomId={room.id} />}

          <DialogFooter>
            <Button variant="outline" className="text-destructive" onClick={() => setLeaving(true)} data-testid="group-leave">
              <LogOut aria-hidden="true" />
              {t('chat.groupLeave')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={removing !== null} onOpenChange={(next) => !next && !remove.isPending && setRemoving(null)}>
        <DialogContent closeLabel={t('general.close')} data-testid="group-remove-dialog">
          <DialogHeader>
            <DialogTitle>{t('chat.groupRemoveConfirm', { name: removing?.username ?? '', group: room.name })}</DialogTitle>
            <DialogDescription>{t('chat.groupRemoveDescription', { name: removing?.username ?? '' })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(null)} disabled={remove.isPending}>{t('chat.cancel')}</Button>
            <Button variant="destructive" onClick={() => removing && remove.mutate(removing.id)} disabled={remove.isPending} data-testid="group-remove-confirm">
              {remove.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {t('chat.groupRemove')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={leaving} onOpenChange={(next) => !leave.isPending && setLeaving(next)}>
        <DialogContent closeLabel={t('general.close')} data-testid="group-leave-dialog">
          <DialogHeader>
            <DialogTitle>{t('chat.groupLeaveConfirm', { group: room.name })}</DialogTitle>
            <DialogDescription>{t('chat.groupLeaveDescription')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setLeaving(false)} disabled={leave.isPending}>{t('chat.cancel')}</Button>
            <Button variant="destructive" onClick={() => leave.mutate()} disabled={leave.isPending} data-testid="group-leave-confirm">
              {leave.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {t('chat.groupLeave')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
