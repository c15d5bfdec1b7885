import type { GroupRegister } from '@parley/common';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { REGISTER_KEYS, REGISTER_OPTIONS } from '../chat/index.ts';

/** The group's register as a row of choices (radio semantics): label and a few words each. */
export function TonePicker({ value, onChange, disabled }: { value: GroupRegister; onChange: (value: GroupRegister) => void; disabled?: boolean }) {
  const t = useT();
  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">{t('chat.groupTone')}</legend>
      <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3" role="radiogroup" aria-label={t('chat.groupTone')}>
        {REGISTER_OPTIONS.map((register) => (
          <button
            key={register}
            type="button"
            role="radio"
            aria-checked={value === register}
            onClick={() => onChange(register)}
            className={cn(
              'flex flex-col rounded-xl border px-2.5 py-1.5 text-start text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              value === register ? 'border-primary bg-secondary/70' : 'border-border bg-card hover:bg-secondary/40',
            )}
            data-testid={`group-tone-${register}`}
          >
            <span className="font-medium">{t(REGISTER_KEYS[register].label)}</span>
            <span className="text-xs text-muted-foreground">{t(REGISTER_KEYS[register].description)}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
