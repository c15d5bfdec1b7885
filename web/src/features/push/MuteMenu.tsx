import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { toast } from 'sonner';
import { MUTE_DURATIONS, MUTED_ALWAYS_UNTIL, type MuteDuration } from '@parley/common/client';
import type { PushSettingsResponse } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { PUSH_SETTINGS_KEY, pushApi } from './pushApi.ts';

const LABEL = { '1h': 'push.mute1h', '8h': 'push.mute8h', '1w': 'push.mute1w', always: 'push.muteAlways' } as const;

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
  const until = settings.data?.mutes.find((m) => m.roomId === roomId)?.until;
  const change = useMutation({
    mutationFn: (duration: MuteDuration | null) => (duration ? pushApi.mute(roomId, duration) : pushApi.unmute(roomId)),
    onSuccess: (answer) => {
      queryClient.setQueryData<PushSettingsResponse>(PUSH_SETTINGS_KEY, (old) => old && {
        ...old,
        mutes: [...old.mutes.filter((m) => m.roomId !== roomId), ...(answer.until ? [{ roomId, until: answer.until }] : [])],
      });
    },
    onError: () => toast.error(t('safety.failed')),
  });
  const label = !until ? t('push.mute') : until === MUTED_ALWAYS_UNTIL ? t('push.mutedAlways')
    : t('push.mutedUntil', { time: new Date(until).toLocaleString(language, { weekday: 'short', hour: 'numeric', minute: '2-digit' }) });
  return { muted: !!until, label, set: (duration: MuteDuration | null) => change.mutate(duration) };
}

/** The durations and Unmute, as items of a menu (the bell's own menu, or a submenu of the header's "⋮"). */
function MuteItems({ mute }: { mute: ReturnType<typeof useMute> }) {
  const { t } = useI18n();
  return (
    <>
      <DropdownMenuLabel data-testid="mute-state">{mute.label}</DropdownMenuLabel>
      <DropdownMenuSeparator />
      {MUTE_DURATIONS.map((d) => (
        <DropdownMenuItem key={d} onSelect={() => mute.set(d)} data-testid={`mute-${d}`}>{t(LABEL[d])}</DropdownMenuItem>
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
  const choose = (duration: MuteDuration | null) => {
    mute.set(duration);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} className="max-w-sm" data-testid="mute-dialog">
        <DialogHeader>
          <DialogTitle>{t('push.mute')}</DialogTitle>
          <DialogDescription data-testid="mute-state">{mute.label}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          {MUTE_DURATIONS.map((d) => (
            <Button key={d} variant="outline" onClick={() => choose(d)} data-testid={`mute-${d}`}>{t(LABEL[d])}</Button>
          ))}
          {mute.muted && <Button variant="ghost" onClick={() => choose(null)} data-testid="unmute">{t('push.unmute')}</Button>}
        </div>
      </DialogContent>
    </Dialog>
  );
}
