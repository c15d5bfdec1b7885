import { useEffect, useState } from 'react';
import { Mic, MicOff, PhoneOff, Volume2, VolumeX, X } from 'lucide-react';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { MicButton } from '../../components/MicButton.tsx';
import { Captions } from './Captions.tsx';
import { elapsedSeconds, formatTimer, isLive, type CallView } from './callState.ts';
import { stateLabel } from './callText.ts';

interface CallScreenProps {
  view: CallView;
  onHangUp: () => void;
  onClose: () => void;
  onToggle: (key: 'muted' | 'speakerOn' | 'hearOriginal') => void;
  onConsent: (agree: boolean) => void;
  onTalk: (down: boolean) => void;
}

/** The running timer ("4:05"), ticking once a second while the call is on. */
function useTimer(startedAt: string | null, running: boolean): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedAt || !running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startedAt, running]);
  return startedAt ? formatTimer(elapsedSeconds(startedAt, now)) : null;
}

function RoundButton({ label, active, onClick, children, testId, danger }: { label: string; active?: boolean; onClick: () => void; children: React.ReactNode; testId: string; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={danger ? undefined : Boolean(active)}
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'flex size-14 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-4 [&_svg]:size-6',
        danger ? 'bg-destructive text-white hover:bg-destructive/90 focus-visible:ring-destructive/40' : active ? 'bg-white text-slate-900 focus-visible:ring-white/40' : 'bg-white/15 text-white hover:bg-white/25 focus-visible:ring-white/40',
      )}
    >
      {children}
    </button>
  );
}

/** The call: full screen on a phone, a tall panel on a wide screen. */
export function CallScreen({ view, onHangUp, onClose, onToggle, onConsent, onTalk }: CallScreenProps) {
  const { t } = useI18n();
  const name = view.partner?.username ?? '';
  const live = isLive(view);
  const timer = useTimer(view.startedAt, view.phase === 'active' || view.phase === 'reconnecting');
  const connected = view.phase === 'active';
  const status = connected && timer ? timer : stateLabel(view, t);
  const partnerLine = !live
    ? null
    : connected && !view.partnerConnected && view.startedAt
      ? t('calls.partnerDropped', { name })
      : view.partnerMuted
        ? t('calls.partnerMuted', { name })
        : view.partnerSpeaking
          ? t('calls.partnerSpeaking', { name })
          : null;
  const inCall = view.phase === 'active' || view.phase === 'reconnecting' || view.phase === 'connecting';

  return (
    <div className="fixed inset-0 z-50 flex items-stretch justify-center bg-slate-950/60 sm:items-center sm:p-4" data-testid="call-screen" data-phase={view.phase} data-outcome={view.outcome ?? ''} data-audio-chunks={view.audioChunks} data-input={view.input}>
      <section
        role="dialog"
        aria-modal="true"
        aria-label={t('calls.screenLabel', { name })}
        className="flex h-[var(--app-height,100dvh)] w-full flex-col bg-gradient-to-b from-slate-900 to-indigo-950 text-white sm:h-[min(46rem,calc(100dvh-2rem))] sm:max-w-lg sm:rounded-3xl sm:shadow-2xl"
      >
        <header className="flex flex-col items-center gap-2 px-4 pb-3 pt-6 text-center">
          <UserAvatar username={name} className="size-20 text-2xl ring-4 ring-white/10" />
          <h2 className="max-w-full truncate text-xl font-semibold" data-testid="call-partner"><span dir="auto">{name}</span></h2>
          <p className={cn('text-sm tabular-nums', view.phase === 'reconnecting' ? 'text-amber-300' : 'text-white/70')} role="status" data-testid="call-status">{status}</p>
          {partnerLine && <p className="text-xs text-amber-200" data-testid="call-partner-line">{partnerLine}</p>}
        </header>

        <Captions view={view} />

        {inCall && (
          <div className="flex flex-col gap-2 px-4 pt-2 text-sm text-white/85">
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="checkbox" className="size-5 shrink-0 accent-indigo-400" checked={view.hearOriginal} onChange={() => onToggle('hearOriginal')} data-testid="call-hear-original" />
              <span>{t('calls.hearOriginal', { name })}</span>
            </label>
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="checkbox" className="size-5 shrink-0 accent-indigo-400" checked={view.consent.self} onChange={(e) => onConsent(e.target.checked)} data-testid="call-transcript" />
              <span>
                {t('calls.transcript')}
                {view.consent.partner && (
                  <span className="block text-xs text-emerald-300">{view.consent.self ? t('calls.transcriptBoth') : t('calls.transcriptPartnerAgreed', { name })}</span>
                )}
              </span>
            </label>
          </div>
        )}

        {inCall && view.input === 'ptt' && (
          <div className="flex flex-col items-center gap-1 pt-2">
            <p className="px-4 text-center text-xs text-white/70">{t('calls.pushToTalk')}</p>
            <MicButton label={view.talking ? t('calls.releaseToSend') : t('calls.holdToTalk')} language="" recording={view.talking} disabled={view.muted || !connected} onStart={() => onTalk(true)} onStop={() => onTalk(false)} />
          </div>
        )}

        <footer className="flex items-center justify-center gap-5 px-4 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-4">
          {live ? (
            <>
              <RoundButton label={view.muted ? t('calls.unmute') : t('calls.mute')} active={view.muted} onClick={() => onToggle('muted')} testId="call-mute">
                {view.muted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
              </RoundButton>
              <RoundButton label={t('calls.hangUp')} danger onClick={onHangUp} testId="call-hangup">
                <PhoneOff aria-hidden="true" />
              </RoundButton>
              <RoundButton label={view.speakerOn ? t('calls.speakerOff') : t('calls.speakerOn')} active={!view.speakerOn} onClick={() => onToggle('speakerOn')} testId="call-speaker">
                {view.speakerOn ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
              </RoundButton>
            </>
          ) : (
            <RoundButton label={t('general.close')} onClick={onClose} testId="call-close">
              <X aria-hidden="true" />
            </RoundButton>
          )}
        </footer>
      </section>
    </div>
  );
}
