import { WifiOff } from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';

/** Shown while the browser is offline: what still works (reading, writing into the outbox). */
export function OfflineNotice() {
  const t = useT();
  return (
    <p
      role="status"
      className="flex shrink-0 items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900"
      data-testid="offline-notice"
    >
      <WifiOff className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{t('chat.offlineNotice')}</span>
    </p>
  );
}
