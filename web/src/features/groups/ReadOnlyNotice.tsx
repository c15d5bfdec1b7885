import { useState } from 'react';
import type { ConversationListItem } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { DeleteConversationDialog } from '../chat/index.ts';

/**
 * In place of the composer of a group an admin removed me from (issue 38): why I can no longer write, and the
 * way to delete my read-only copy (the others keep the group).
 */
export function ReadOnlyNotice({ room, onDeleted }: { room: ConversationListItem; onDeleted: () => void }) {
  const t = useT();
  const [confirm, setConfirm] = useState(false);
  return (
    <div className="flex flex-col items-center gap-2 border-t px-4 py-3 text-center" data-testid="removed-notice">
      <p className="text-sm text-muted-foreground">{t('members.readOnlyNotice')}</p>
      <Button variant="outline" size="sm" onClick={() => setConfirm(true)} data-testid="removed-delete">
        {t('members.deleteConversation')}
      </Button>
      <DeleteConversationDialog item={confirm ? room : null} onClose={() => setConfirm(false)} onDeleted={onDeleted} />
    </div>
  );
}
