import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { BLOCKS_KEY, safetyApi } from './safetyApi.ts';

/** Profile -> "Blocked people": everyone the user blocked, each with Unblock. */
export function BlockedPeopleSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const blocked = useQuery({ queryKey: BLOCKS_KEY, queryFn: ({ signal }) => safetyApi.blocked(signal) });
  const unblock = useMutation({
    mutationFn: (user: { id: string; username: string }) => safetyApi.unblock(user.id),
    onSuccess: (_, user) => {
      toast.success(t('safety.unblocked', { name: user.username }));
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, t, 'safety.failed')),
  });
  const users = blocked.data?.users ?? [];
  return (
    <Card data-testid="blocked-people">
      <CardContent className="flex flex-col gap-3 pt-6">
        <h2 className="font-semibold">{t('safety.blockedPeople')}</h2>
        {blocked.isSuccess && users.length === 0 && <p className="text-sm text-muted-foreground">{t('safety.noneBlocked')}</p>}
        <ul className="flex flex-col gap-2">
          {users.map((u) => (
            <li key={u.id} className="flex items-center gap-3" data-testid="blocked-user" data-username={u.username}>
              <UserAvatar username={u.username} className="size-8" />
              <span className="min-w-0 flex-1 truncate">{u.username}</span>
              <Button variant="outline" size="sm" onClick={() => unblock.mutate(u)} disabled={unblock.isPending}>{t('safety.unblock')}</Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
