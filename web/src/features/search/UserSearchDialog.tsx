import { UsersRound } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { useT } from '../../lib/i18n.tsx';

/** User search dialog. Placeholder until the chat issue brings the real search. */
export function UserSearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} data-testid="user-search-dialog">
        <DialogHeader>
          <DialogTitle>{t('userSearch.title')}</DialogTitle>
          <DialogDescription>{t('userSearch.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3 rounded-xl bg-muted px-4 py-8 text-center text-sm text-muted-foreground">
          <UsersRound className="size-8" aria-hidden="true" />
          {t('userSearch.comingSoon')}
        </div>
      </DialogContent>
    </Dialog>
  );
}
