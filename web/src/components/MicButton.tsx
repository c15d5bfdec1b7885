import type { KeyboardEvent, PointerEvent } from 'react';
import { Mic, MicOff } from 'lucide-react';
import { cn } from '../lib/utils.ts';

interface MicButtonProps {
  label: string;
  /** The language this microphone listens for. */
  language: string;
  recording: boolean;
  disabled?: boolean;
  onStart: () => void;
  onStop: () => void;
}

const isHoldKey = (key: string) => key === ' ' || key === 'Enter';

/**
 * Hold-to-speak button: pointer events cover mouse, touch and pen. Press starts recording;
 * release, leaving the button or a cancelled touch stops it. Space and Enter work the same way.
 */
export function MicButton({ label, language, recording, disabled, onStart, onStop }: MicButtonProps) {
  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault(); // no text selection or focus flicker while holding
    onStart();
  };
  const keyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!isHoldKey(e.key)) return;
    e.preventDefault();
    if (!e.repeat) onStart();
  };
  const keyUp = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!isHoldKey(e.key)) return;
    e.preventDefault();
    onStop();
  };

  return (
    <span className="relative flex size-24 items-center justify-center">
      {recording && <span className="absolute inset-0 animate-ping rounded-full bg-destructive/30" aria-hidden="true" />}
      <button
        type="button"
        aria-label={label}
        aria-pressed={recording}
        disabled={disabled}
        data-testid="mic-button"
        data-language={language}
        data-recording={recording}
        onPointerDown={down}
        onPointerUp={onStop}
        onPointerLeave={onStop}
        onPointerCancel={onStop}
        onKeyDown={keyDown}
        onKeyUp={keyUp}
        onBlur={onStop}
        onContextMenu={(e) => e.preventDefault()}
        className={cn(
          'relative flex size-24 touch-none select-none items-center justify-center rounded-full text-white shadow-lg transition-transform [-webkit-touch-callout:none]',
          'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/50 disabled:opacity-50',
          recording ? 'scale-105 bg-destructive' : 'bg-gradient-to-br from-primary to-accent hover:brightness-105 active:scale-95',
        )}
      >
        {disabled ? <MicOff className="size-10" aria-hidden="true" /> : <Mic className="size-10" aria-hidden="true" />}
      </button>
    </span>
  );
}
