import { useEffect } from 'react';
import { Loader2, Square, Volume2 } from 'lucide-react';
import { toast } from 'sonner';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { toggleSpeech, useSpeechPlayer } from './player.ts';

export interface SpeakButtonProps {
  /** A GET /api/speech URL (messageSpeechUrl / textSpeechUrl). */
  url: string;
  className?: string;
  testId?: string;
  /** A short tag shown beside the icon, e.g. the language code when two buttons sit together. */
  tag?: string | undefined;
}

/** Reads a text aloud in its language; shows loading and playing, and stops on a second tap. */
export function SpeakButton({ url, className, testId = 'speak-button', tag }: SpeakButtonProps) {
  const t = useT();
  const player = useSpeechPlayer();
  const mine = player.url === url;
  const state = mine ? player.status : 'idle';
  const active = state === 'loading' || state === 'playing';

  useEffect(() => {
    if (mine && player.status === 'error') toast.error(t('general.speechFailed'), { id: 'speech-failed' });
  }, [mine, player.status, t]);

  const label = active ? t('general.stopListening') : t('general.listen');
  return (
    <button
      type="button"
      onClick={() => toggleSpeech(url)}
      className={cn(
        'inline-flex h-7 min-w-7 shrink-0 items-center justify-center gap-0.5 rounded-full transition-colors hover:bg-black/10',
        tag && 'px-1.5',
        active && 'bg-black/10',
        className,
      )}
      aria-label={label}
      aria-pressed={active}
      title={label}
      data-testid={testId}
      data-state={state}
    >
      {state === 'loading' ? (
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      ) : state === 'playing' ? (
        <Square className="size-3.5 fill-current" aria-hidden="true" />
      ) : (
        <Volume2 className="size-4" aria-hidden="true" />
      )}
      {tag && <span className="text-[10px] font-semibold uppercase" aria-hidden="true">{tag}</span>}
    </button>
  );
}
