import type { PointerEvent } from 'react';
import { Mic, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { cn } from '../../../lib/utils.ts';
import type { MediaKind } from './mediaApi.ts';
import { useVoiceRecorder } from './useVoiceRecorder.ts';
import { clock } from './wav.ts';

/**
 * Hold to record: pointer down starts, release on the button sends, release elsewhere (slide away)
 * or Escape cancels; Space/Enter held does the same from the keyboard. While recording a bar over
 * the input shows the time and a cancel button.
 */
export function VoiceButton({ onVoice }: { onVoice: (kind: MediaKind, wav: Blob, durationMs: number) => void }) {
  const t = useT();
  const recorder = useVoiceRecorder(
    (wav, durationMs) => onVoice('voice', wav, durationMs),
    (problem) => toast(t(problem === 'too_short' ? 'chat.mediaTooShort' : 'chat.mediaMicDenied'), { id: 'voice-problem' }),
  );
  const active = recorder.state !== 'idle';

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    recorder.start();
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    recorder.stop(inside);
  };

  return (
    <>
      {active && (
        <div className="absolute inset-y-0 start-0 end-[6.5rem] z-10 flex items-center gap-2 rounded-2xl border border-destructive/40 bg-card px-3" role="status" data-testid="recording-bar">
          <span className={cn('size-2.5 shrink-0 rounded-full bg-destructive', recorder.state === 'recording' && 'animate-pulse')} aria-hidden="true" />
          <span className="text-sm font-medium tabular-nums" data-testid="recording-time">{t('chat.mediaRecording', { time: clock(recorder.elapsedMs) })}</span>
          <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{t('chat.mediaRecordingHint')}</span>
          <button
            type="button"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-muted"
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => recorder.stop(false)}
            aria-label={t('chat.mediaCancelRecording')}
            title={t('chat.mediaCancelRecording')}
            data-testid="recording-cancel"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
      <Button
        type="button"
        variant={active ? 'destructive' : 'ghost'}
        size="icon"
        className={cn('size-11 shrink-0 touch-none select-none rounded-full', active && 'scale-110')}
        aria-label={t('chat.mediaVoiceButton')}
        title={t('chat.mediaVoiceButton')}
        aria-pressed={active}
        data-testid="voice-button"
        data-state={recorder.state}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => recorder.stop(false)}
        onContextMenu={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') recorder.stop(false);
          else if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
            event.preventDefault();
            recorder.start();
          }
        }}
        onKeyUp={(event) => {
          if (event.key === ' ' || event.key === 'Enter') recorder.stop(true);
        }}
      >
        <Mic aria-hidden="true" />
      </Button>
    </>
  );
}
