import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { toast } from 'sonner';
import { MUTE_DURATIONS, MUTED_ALWAYS_UNTIL, type MuteDuration } from '@parley/common/client';
import type { PushSettingsResponse } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { PUSH_SETTINGS_KEY, pushApi } from './pushApi.ts';

const LABEL = { '1h': 'push.mute1h', '8h': 'push.mute8h', '1w': 'push.mute1w', always: 'push.muteAlways' } as const;

/** The conversation header's bell: mute this conversation's notifications for 1 hour, 8 hours, 1 week or always; Unmute. */
export function MuteMenu({ roomId }: { roomId: string }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: PUSH_SETTINGS_KEY, queryFn: ({ signal }) => pushApi.settings(signal), staleTime: 60_000 });
  const until = settings.data?.mutes.find((m) => m.roomId === roomId)?.until;
  // The server lists the mutes still running when asked (refreshed every minute at most).
  const muted = !!until;
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="shrink-0" aria-label={label} title={label} data-testid="mute-menu" data-muted={muted}>
          {muted ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel data-testid="mute-state">{label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {MUTE_DURATIONS.map((d) => (
          <DropdownMenuItem key={d} onSelect={() => change.mutate(d)} data-testid={`mute-${d}`}>{t(LABEL[d])}</DropdownMenuItem>
        ))}
        {muted && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => change.mutate(null)} data-testid="unmute">{t('push.unmute')}</DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
