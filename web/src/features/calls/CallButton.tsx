import type { LanguageCode } from '@parley/common/languages';
import { Phone } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { isLive } from './callState.ts';
import { useOptionalCalls } from './callsContext.ts';

/** The Call button of a one-to-one conversation's header (nothing outside a CallProvider). */
export function CallButton({ roomId, partner }: { roomId: string; partner: { id: string; username: string; language: string | null } }) {
  const t = useT();
  const calls = useOptionalCalls();
  if (!calls) return null;
  const busy = isLive(calls.view) || calls.pending !== null;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="shrink-0"
      disabled={busy}
      onClick={() => calls.call(roomId, { id: partner.id, username: partner.username, language: (partner.language as LanguageCode | null) ?? null })}
      aria-label={t('calls.callName', { name: partner.username })}
      title={t('calls.callName', { name: partner.username })}
      data-testid="call-button"
    >
      <Phone aria-hidden="true" />
    </Button>
  );
}
