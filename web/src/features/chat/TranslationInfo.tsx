import { Info } from 'lucide-react';
import { DropdownMenuLabel, DropdownMenuSeparator } from '../../components/ui/dropdown-menu.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { TranslationMadeLines } from '../../components/TranslationMade.tsx';
import type { ViewMessage } from './messages.ts';

/**
 * In a message's menu: how the translation the reader sees was made (issue 34 item 4): by a machine
 * and which engine, the pivot language if it went through one, or corrected by a person.
 */
export function TranslationInfo({ message }: { message: ViewMessage }) {
  const { t } = useI18n();
  const detail = message.translation_detail;
  if (!detail) return null;
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="max-w-64 text-xs text-muted-foreground" data-testid="translation-info">
        <span className="mb-0.5 flex items-center gap-1.5 font-medium text-foreground">
          <Info className="size-3.5" aria-hidden="true" />
          {t('translationInfo.title')}
        </span>
        <TranslationMadeLines engine={detail.engine} via={detail.via} machine={detail.machine} />
      </DropdownMenuLabel>
    </>
  );
}
