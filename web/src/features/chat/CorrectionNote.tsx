import { useState } from 'react';
import { PencilLine } from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { useConversationTools } from './conversationTools.ts';
import type { ViewMessage } from './messages.ts';

/** Under a corrected translation: who corrected it, and the machine's version on demand. */
export function CorrectionNote({ message, mine }: { message: ViewMessage; mine: boolean }) {
  const t = useT();
  const tools = useConversationTools();
  const [showMachine, setShowMachine] = useState(false);
  if (!message.corrected_by) return null;
  const who = message.corrected_by === tools?.myId ? t('chat.correctedByYou') : t('chat.correctedBy', { name: tools?.nameOf?.(message.corrected_by) ?? tools?.partnerName ?? t('chat.partner') });
  return (
    <div className={cn('mt-1 text-[11px]', mine ? 'text-white/80' : 'text-muted-foreground')} data-testid="correction-note">
      <p className="flex flex-wrap items-center gap-x-1.5">
        <PencilLine className="size-3 shrink-0" aria-hidden="true" />
        <span className="break-all" data-testid="corrected-by">{who}</span>
        {message.machine_translation && (
          <button type="button" className="underline underline-offset-2" onClick={() => setShowMachine((v) => !v)} aria-expanded={showMachine} data-testid="show-machine">
            {t('chat.machineTranslation')}
          </button>
        )}
      </p>
      {showMachine && message.machine_translation && (
        <p className="mt-0.5 whitespace-pre-wrap break-words line-through decoration-1 opacity-80" data-testid="machine-translation">
          {message.machine_translation}
        </p>
      )}
    </div>
  );
}
