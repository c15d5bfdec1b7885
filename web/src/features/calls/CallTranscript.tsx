import type { GroupSystemEvent } from '@parley/common';
import { useI18n } from '../../lib/i18n.tsx';
import { displayLanguageName } from '../../lib/names.ts';

/**
 * A saved call transcript in the conversation: the "Call transcript" line opens the bilingual lines (who spoke,
 * what they said, how the listener heard it). Both people agreed to keep it during the call.
 */
export function CallTranscript({ event }: { event: GroupSystemEvent }) {
  const { t, language } = useI18n();
  const people = [event.actor, event.target].filter((p): p is { id: string; username: string } => Boolean(p));
  const speaker = (id: string) => people.find((p) => p.id === id)?.username || t('chat.deletedUser');
  return (
    <details className="group w-full max-w-[90%] rounded-lg bg-muted text-xs text-muted-foreground" data-testid="call-transcript-saved">
      <summary className="cursor-pointer list-none rounded-lg px-3 py-1 text-center hover:bg-accent">{t('calls.lineTranscript')}</summary>
      <ol className="space-y-2 px-3 pb-2 pt-1 text-start">
        {(event.transcript ?? []).map((line, i) => (
          <li key={i} data-testid="call-transcript-line">
            <p className="font-medium text-foreground">{speaker(line.speakerId)}</p>
            <p dir="auto" lang={line.original.language} className="text-foreground">{line.original.text}</p>
            {line.translated && (
              <p dir="auto" lang={line.translated.language} className="italic">
                <span className="sr-only">{displayLanguageName(line.translated.language, language, true)}: </span>
                {line.translated.text}
              </p>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
