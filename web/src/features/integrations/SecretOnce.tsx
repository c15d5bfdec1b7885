import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';

/** A URL or a secret shown once, whole (it wraps), with Copy. */
export function SecretOnce({ value, note, testId }: { value: string; note: string; testId: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-border p-2">
      <p className="text-xs text-muted-foreground">{note}</p>
      <p className="select-all break-all rounded-lg bg-muted px-2 py-1.5 font-mono text-xs" data-testid={testId}>{value}</p>
      <Button
        type="button" size="sm" variant="outline" className="self-start"
        onClick={() => void navigator.clipboard.writeText(value).then(() => setCopied(true), (error: unknown) => console.warn('Could not copy', error))}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? t('integrations.copied') : t('integrations.copy')}
      </Button>
    </div>
  );
}
