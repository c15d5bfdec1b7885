import { Phone, PhoneOff } from 'lucide-react';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import type { CallView } from './callState.ts';
import { stateLabel } from './callText.ts';
import { displayLanguageName } from '../../lib/names.ts';

/** A call ringing on this device: who calls, Accept / Decline; then, briefly, how it ended (missed, answered elsewhere). */
export function IncomingCall({ view, onAccept, onDecline }: { view: CallView; onAccept: () => void; onDecline: () => void }) {
  const { t, language } = useI18n();
  const name = view.partner?.username ?? '';
  const ringing = view.phase === 'incoming';
  return (
    <div className="fixed inset-x-0 top-0 z-50 flex justify-center p-3 sm:p-4" data-testid="incoming-call" data-phase={view.phase} data-outcome={view.outcome ?? ''}>
      <div role="alertdialog" aria-modal="false" aria-labelledby="incoming-call-title" className="flex w-full max-w-md flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-2xl">
        <div className="flex items-center gap-3">
          <span className="relative">
            {ringing && <span className="absolute inset-0 animate-ping rounded-full bg-primary/30" aria-hidden="true" />}
            <UserAvatar username={name} className="relative size-14 text-lg" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t('calls.incoming')}</p>
            <h2 id="incoming-call-title" className="truncate text-lg font-semibold" data-testid="incoming-caller">
              <span dir="auto">{ringing ? t('calls.incomingFrom', { name }) : name}</span>
            </h2>
            {ringing && view.partner?.language && (
              <p className="truncate text-sm text-muted-foreground">{t('calls.speaksLanguage', { language: displayLanguageName(view.partner.language, language) })}</p>
            )}
            {!ringing && <p className="text-sm text-muted-foreground" role="status" data-testid="incoming-outcome">{stateLabel(view, t)}</p>}
          </div>
        </div>
        {ringing && (
          <div className="grid grid-cols-2 gap-3">
            <button
              type="button"
              onClick={onDecline}
              className="flex h-12 items-center justify-center gap-2 rounded-full bg-destructive font-medium text-white shadow hover:bg-destructive/90 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-destructive/40"
              data-testid="call-decline"
            >
              <PhoneOff className="size-5" aria-hidden="true" />
              {t('calls.decline')}
            </button>
            <button
              type="button"
              onClick={onAccept}
              className="flex h-12 items-center justify-center gap-2 rounded-full bg-emerald-600 font-medium text-white shadow hover:bg-emerald-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-emerald-500/40"
              data-testid="call-accept"
            >
              <Phone className="size-5" aria-hidden="true" />
              {t('calls.accept')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
