import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { BLOCKS_KEY, safetyApi } from '../safety/index.ts';

/** The ids of the people I blocked (Profile -> Blocked people; the conversation header's Block adds one). */
export function useBlockedIds(): ReadonlySet<string> {
  const blocked = useQuery({ queryKey: BLOCKS_KEY, queryFn: ({ signal }) => safetyApi.blocked(signal), staleTime: 60_000 });
  return new Set((blocked.data?.users ?? []).map((u) => u.id));
}

/**
 * In place of the composer of a pair where writing is off (issue 38 item 6). The blocker reads "You blocked
 * {name} · Unblock"; the blocked person, once the server refused what they wrote, "You can't message {name}"
 * (the block dialog promises exactly that: they are told they can't message you, not why).
 */
export function BlockNotice({ partner, kind }: { partner: { id: string; username: string }; kind: 'blocked' | 'refused' }) {
  const t = useT();
  const queryClient = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => safetyApi.unblock(partner.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
      toast.success(t('safety.unblocked', { name: partner.username }));
    },
    onError: (error) => toast.error(errorMessage(error, t, 'safety.failed')),
  });
  return (
    <div className="shrink-0 border-t border-border bg-card px-4 py-3" data-testid={kind === 'blocked' ? 'blocked-notice' : 'cannot-message-notice'}>
      <p className="mx-auto flex max-w-3xl flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-sm text-muted-foreground">
        <Ban className="size-4 shrink-0" aria-hidden="true" />
        <span dir="auto">{kind === 'blocked' ? t('phone.youBlocked', { name: partner.username }) : t('phone.cannotMessageName', { name: partner.username })}</span>
        {kind === 'blocked' && (
          <>
            <span aria-hidden="true">·</span>
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => unblock.mutate()} disabled={unblock.isPending} data-testid="blocked-unblock">
              {t('safety.unblock')}
            </Button>
          </>
        )}
      </p>
    </div>
  );
}
