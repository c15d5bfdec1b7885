import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { ConversationListItem } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { useT } from '../../lib/i18n.tsx';
import { chatApi, CHATS_KEY } from './chatApi.ts';
import { conversationName } from './format.ts';
import { roomLeft } from './conversations.ts';
import { errorMessage } from '../../lib/errorMessages.ts';
import { departedRooms } from './groupEvents.ts';
import { updateList } from './listCache.ts';

/**
 * The confirmation of spec section 2, then the outcome toasts of section 8. A group is not deleted from
 * the list: it is left (the others keep talking), with its own words.
 */
export function DeleteConversationDialog({ item, onClose, onDeleted }: { item: ConversationListItem | null; onClose: () => void; onDeleted?: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  // A group I was removed from is mine to delete (my read-only copy); a group I am in is left.
  const readOnly = item?.readOnly === true;
  const group = item?.kind === 'group' && !readOnly;
  const mutation = useMutation({
    mutationFn: async (roomId: string) => (group ? (await chatApi.leave(roomId), { deleted: true, left: true }) : { ...(await chatApi.remove(roomId)), left: false }),
    onSuccess: ({ deleted, left }, roomId) => {
      if (left) {
        roomLeft(queryClient, roomId);
        toast(t('chat.groupLeft', { group: item?.name ?? '' }));
        return;
      }
      if (!deleted) {
        toast.error(t('chat.error'), { description: t('chat.deleteNoPermission') });
        return;
      }
      if (readOnly) departedRooms.add(roomId);
      updateList(queryClient, (list) => list.filter((r) => r.id !== roomId));
      void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
      toast.success(t('chat.success'), { description: t('chat.deleteSuccess') });
      onDeleted?.();
    },
    onError: (error) => {
      console.error('Could not delete the conversation', error);
      toast.error(t('chat.error'), { description: group ? errorMessage(error, t, 'chat.groupChangeFailed') : t('chat.deleteFailed') });
    },
    onSettled: onClose,
  });

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent closeLabel={t('general.close')} data-testid="delete-conversation-dialog">
        <DialogHeader>
          <DialogTitle>{group ? t('chat.groupLeaveConfirm', { group: item.name }) : t('chat.deleteConversation')}</DialogTitle>
          <DialogDescription>
            {group ? t('chat.groupLeaveDescription')
              : readOnly ? t('members.deleteReadOnlyDescription', { group: item.name })
                : t('chat.deleteConfirm', { name: item ? conversationName(item, t('chat.deletedUser')) : '' })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending} data-testid="delete-cancel">
            {t('chat.cancel')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => item && mutation.mutate(item.id)}
            disabled={mutation.isPending}
            data-testid="delete-confirm"
          >
            {mutation.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {group ? t('chat.groupLeave') : t('chat.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
