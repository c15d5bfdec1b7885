import { LoaderCircle } from 'lucide-react';
import type { Formality, PickerRelationshipType, UserSearchResult } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { FORMALITY_KEYS, PICKER_CARDS } from '../chat/index.ts';

const FORMALITY_STYLE: Record<Formality, string> = {
  formal: 'bg-indigo-100 text-indigo-800',
  informal: 'bg-rose-100 text-rose-800',
  neutral: 'bg-slate-100 text-slate-700',
};

interface RelationshipPickerProps {
  user: UserSearchResult | null;
  /** The type being started (a spinner on its card; the others wait). */
  pending: PickerRelationshipType | null;
  onPick: (type: PickerRelationshipType) => void;
  onCancel: () => void;
}

/** 'Who is {username} to you?': nine cards (type, formality badge, description), then Cancel. */
export function RelationshipPicker({ user, pending, onPick, onCancel }: RelationshipPickerProps) {
  const t = useT();
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent closeLabel={t('general.close')} className="max-w-xl grid-cols-[minmax(0,1fr)]" data-testid="relationship-picker">
        <DialogHeader>
          <DialogTitle>{t('userSearch.pickerTitle', { username: user?.username ?? '' })}</DialogTitle>
          <DialogDescription>{t('userSearch.pickerDescription')}</DialogDescription>
        </DialogHeader>
        <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2 sm:gap-2">
          {PICKER_CARDS.map((card) => (
            <li key={card.type}>
              <button
                type="button"
                onClick={() => onPick(card.type)}
                disabled={pending !== null}
                className={cn(
                  'flex h-full w-full flex-col gap-0.5 rounded-xl border border-border bg-card px-3 py-2 text-start transition-colors sm:gap-1 sm:p-3',
                  'hover:border-primary/50 hover:bg-secondary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  'disabled:cursor-wait disabled:opacity-60',
                  pending === card.type && 'border-primary bg-secondary/60 opacity-100',
                )}
                data-testid={`relationship-${card.type}`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{t(card.label)}</span>
                  {pending === card.type ? (
                    <LoaderCircle className="size-4 animate-spin text-primary" aria-label={t('userSearch.startingChat')} />
                  ) : (
                    <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-semibold', FORMALITY_STYLE[card.formality])}>
                      {t(FORMALITY_KEYS[card.formality])}
                    </span>
                  )}
                </span>
                <span className="text-xs text-muted-foreground">{t(card.description)}</span>
              </button>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending !== null} data-testid="picker-cancel">
            {t('userSearch.cancel')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
