import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { toast } from 'sonner';
import { MUTED_ALWAYS_UNTIL, type MuteDuration } from '@parley/common/client';
import type { PushSettingsResponse } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { PUSH_SETTINGS_KEY, pushApi } from './pushApi.ts';

/** The choices: three timed mutes and "Only mentions" (always) let mentions through; "Mute everything" does not. */
const CHOICES = [
  { id: '1h', duration: '1h', mentions: true, label: 'push.mute1h' },
  { id: '8h', duration: '8h', mentions: true, label: 'push.mute8h' },
  { id: '1w', duration: '1w', mentions: true, label: 'push.mute1w' },
  { id: 'always', duration: 'always', mentions: true, label: 'push.onlyMentions' },
  { id: 'everything', duration: 'always', mentions: false, label: 'push.muteEverything' },
] as const satisfies readonly { id: string; duration: MuteDuration; mentions: boolean; label: string }[];
type MuteChoice = (typeof CHOICES)[number];

/** The rooms whose notifications are muted now (the server lists the mutes still running; refreshed every minute at most). */
export function useMutedRooms(): ReadonlySet<string> {
  const settings = useQuery({ queryKey: PUSH_SETTINGS_KEY, queryFn: ({ signal }) => pushApi.settings(signal), staleTime: 60_000 });
  return new Set((settings.data?.mutes ?? []).map((m) => m.roomId));
}

/** A room's mute state as it reads ("Mute notifications", "Muted until Tue 10:00"), and the change. */
export function useMute(roomId: string) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: PUSH_SETTINGS_KEY, queryFn: ({ signal }) => pushApi.settings(signal), staleTime: 60_000 });
  const current = settings.data?.mutes.find((m) => m.roomId === roomId);
  const until = current?.until;
  const change = useMutation({
    mutationFn: (choice: MuteChoice | null) => (choice ? pushApi.mute(roomId, choice.duration, choice.mentions) : pushApi.unmute(roomId)),
    onSuccess: (answer) => {
      queryClient.setQueryData<PushSettingsResponse>(PUSH_SETTINGS_KEY, (old) => old && {
        ...old,
        mutes: [...old.mutes.filter((m) => m.roomId !== roomId), ...(answer.until ? [{ roomId, until: answer.until, mentions: answer.mentions }] : [])],
      });
    },
    onError: () => toast.error(t('safety.failed')),
  });
  const mentions = current?.mentions ?? true;
  const label = !until ? t('push.mute') : until === MUTED_ALWAYS_UNTIL ? t(mentions ? 'push.onlyMentions' : 'push.mutedAlways')
    : t('push.mutedUntil', { time: new Date(until).toLocaleString(language, { weekday: 'short', hour: 'numeric', minute: '2-digit' }) });
  return { muted: !!until, mentions, label, set: (choice: MuteChoice | null) => change.mutate(choice) };
}

/** The durations and Unmute, as items of a menu (the bell's own menu, or a submenu of the header's "⋮"). */
function MuteItems({ mute }: { mute: ReturnType<typeof useMute> }) {
  const { t } = useI18n();
  return (
    <>
      <DropdownMenuLabel data-testid="mute-state">{mute.label}</DropdownMenuLabel>
      {mute.muted && mute.mentions && <p className="px-2 pb-1 text-xs text-muted-foreground">{t('push.mentionsStillNotify')}</p>}
      <DropdownMenuSeparator />
      {CHOICES.map((c) => (
        <DropdownMenuItem key={c.id} onSelect={() => mute.set(c)} data-testid={`mute-${c.id}`}>{t(c.label)}</DropdownMenuItem>
      ))}
      {mute.muted && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => mute.set(null)} data-testid="unmute">{t('push.unmute')}</DropdownMenuItem>
        </>
      )}
    </>
  );
}

/** The conversation header's bell: mute this conversation's notifications for 1 hour, 8 hours, 1 week or always; Unmute. */
export function MuteMenu({ roomId, className }: { roomId: string; className?: string }) {
  const mute = useMute(roomId);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={className ?? 'shrink-0'} aria-label={mute.label} title={mute.label} data-testid="mute-menu" data-muted={mute.muted}>
          {mute.muted ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <MuteItems mute={mute} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The same choices in a dialog, opened from the conversation header's "⋮" on a phone (as WhatsApp does): a
 * submenu beside a menu does not fit a 390 px screen.
 */
export function MuteDialog({ roomId, open, onOpenChange }: { roomId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useI18n();
  const mute = useMute(roomId);
  const choose = (choice: MuteChoice | null) => {
    mute.set(choice);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} className="max-w-sm" data-testid="mute-dialog">
        <DialogHeader>
          <DialogTitle>{t('push.mute')}</DialogTitle>
          <DialogDescription data-testid="mute-state">
            {mute.label}
            {mute.muted && mute.mentions && <span className="block text-xs">{t('push.mentionsStillNotify')}</span>}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          {CHOICES.map((c) => (
            <Button key={c.id} variant="outline" onClick={() => choose(c)} data-testid={`mute-${c.id}`}>{t(c.label)}</Button>
          ))}
          {mute.muted && <Button variant="ghost" onClick={() => choose(null)} data-testid="unmute">{t('push.unmute')}</Button>}
        </div>
      </DialogContent>
    </Dialog>
  );
}
