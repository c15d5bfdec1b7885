import { CheckCheck } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { useT } from '../../../lib/i18n.tsx';
import type { SeenMarker as Marker } from './readReceipts.ts';

/** Under my latest read message: "Seen" (a pair), or "Seen by N" opening the list of names (a group). */
export function SeenMarker({ marker, group, nameOf }: { marker: Marker; group: boolean; nameOf: (id: string) => string }) {
  const t = useT();
  if (!group) {
    return (
      <li className="-mt-1 flex justify-end px-1 text-[11px] text-muted-foreground" data-testid="seen-marker" data-message-id={marker.messageId}>
        <span className="inline-flex items-center gap-1"><CheckCheck className="size-3.5 text-primary" aria-hidden="true" />{t('chat.seen')}</span>
      </li>
    );
  }
  return (
    <li className="-mt-1 flex justify-end px-1" data-testid="seen-marker" data-message-id={marker.messageId}>
      <DropdownMenu>
        <DropdownMenuTrigger className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring" data-testid="seen-by">
          <CheckCheck className="size-3.5 text-primary" aria-hidden="true" />
          {t('chat.seenBy', { n: marker.readerIds.length })}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" data-testid="seen-by-list">
          <DropdownMenuLabel>{t('chat.seenByTitle')}</DropdownMenuLabel>
          {marker.readerIds.map((id) => (
            <DropdownMenuItem key={id} dir="auto">{nameOf(id)}</DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
