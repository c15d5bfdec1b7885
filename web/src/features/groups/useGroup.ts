import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { GroupResponse } from '@parley/common';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { applyGroupResponse } from '../chat/index.ts';

/** One admin action (add, remove, make admin, rename, tone), with its error in the UI's language. */
export function useGroupAction<V>(action: (variables: V) => Promise<GroupResponse>, onDone?: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (response) => {
      applyGroupResponse(queryClient, response);
      onDone?.();
    },
    onError: (error) => {
      console.error('The group change failed', error);
      toast.error(t('chat.groupChangeFailed'), { description: errorMessage(error, t, 'general.errorServer') });
    },
  });
}
