import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { AlertCircle, Check, Copy, LoaderCircle } from 'lucide-react';
import { resolveLanguage, textSpeechUrl } from '@parley/common/client';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useI18n, useT } from '../../lib/i18n.tsx';
import { SpeakButton } from '../speech/index.ts';
import type { ScanState } from './useScan.ts';
import { displayLanguageName } from '../../lib/names.ts';

/** navigator.clipboard, or the older selection copy where it is missing or refused (plain http, old WebViews). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    try {
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      return ok;
    } catch {
      return false;
    }
  }
}

function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          toast.success(t('scan.copied'));
        } else toast.error(t('scan.copyFailed'));
      }}
    >
      {copied ? <Check className="text-accent" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}

/** Read a result aloud when its language is known (a code or a language name). */
function ListenButton({ text, language, testId }: { text: string; language: string; testId: string }) {
  const code = resolveLanguage(language)?.code;
  if (!code || !text.trim()) return null;
  return <SpeakButton url={textSpeechUrl(text, code)} testId={testId} className="size-9 hover:bg-accent" />;
}

function TextCard({ title, meta, text, copy, testId }: { title: string; meta: ReactNode; text: string; copy: ReactNode; testId: string }) {
  return (
    <Card className="animate-in-up overflow-hidden" data-testid={testId}>
      <div className="flex items-start gap-2 border-b border-border px-4 py-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="text-sm font-semibold">{title}</h3>
          {meta}
        </div>
        {copy}
      </div>
      <p dir="auto" className="whitespace-pre-wrap break-words px-4 py-3 text-base leading-relaxed" data-testid={`${testId}-text`}>
        {text}
      </p>
    </Card>
  );
}

function Preview({ url, busy }: { url: string; busy: boolean }) {
  const t = useT();
  const [brokenUrl, setBrokenUrl] = useState<string>();
  if (brokenUrl === url) return null; // a type the browser cannot show (HEIC): the cards still follow
  return (
    <figure className="relative mx-auto w-fit overflow-hidden rounded-xl border border-border bg-muted" data-testid="scan-preview">
      <img src={url} alt={t('scan.scannedImage')} className="max-h-32 w-auto max-w-full object-contain sm:max-h-36" onError={() => setBrokenUrl(url)} />
      {busy && <div className="absolute inset-0 bg-background/50" aria-hidden="true" />}
    </figure>
  );
}

/** What the Scan tab shows below the actions: the spinner, the two result cards, or the error. */
export function ScanOutput({ state }: { state: ScanState }) {
  const { t, language } = useI18n();
  if (state.status === 'idle') return null;
  const preview = state.kind === 'image' && state.previewUrl ? <Preview url={state.previewUrl} busy={state.status === 'processing'} /> : null;

  if (state.status === 'processing') {
    return (
      <div className="flex flex-col gap-3" data-testid="scan-processing">
        {preview}
        <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
          <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
          {t('scan.processing')}
        </div>
      </div>
    );
  }

  if (state.status === 'error') {
    return (
      <div className="flex flex-col gap-3">
        {preview}
        <Card role="alert" className="animate-in-up flex items-start gap-3 border-destructive/30 bg-destructive/5 p-4 text-sm" data-testid="scan-error">
          <AlertCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <p className="min-w-0 break-words">{state.message}</p>
        </Card>
      </div>
    );
  }

  const { result } = state;
  // Language names in the reader's language, whatever form the answer used ('es', 'Spanish').
  const named = (name: string) => displayLanguageName(resolveLanguage(name)?.code ?? name, language, true);
  return (
    <div className="flex flex-col gap-3" data-testid="scan-result">
      {preview}
      <TextCard
        title={t('scan.extractedText')}
        testId="scan-extracted"
        text={result.extractedText}
        meta={
          result.detectedLanguage ? (
            <Badge variant="secondary" className="w-fit" data-testid="scan-detected">
              {t('scan.detected', { language: named(result.detectedLanguage) })}
            </Badge>
          ) : null
        }
        copy={
          <>
            <ListenButton text={result.extractedText} language={result.detectedLanguage} testId="scan-speak-extracted" />
            <CopyButton text={result.extractedText} label={t('scan.copyExtracted')} testId="scan-copy-extracted" />
          </>
        }
      />
      <TextCard
        title={t('scan.translatedText')}
        testId="scan-translated"
        text={result.translatedText}
        meta={
          <>
            {result.direction && (
              <span className="text-xs font-medium text-primary" data-testid="scan-direction">
                {t('scan.direction', { from: named(result.direction.from), to: named(result.direction.to) })}
              </span>
            )}
            {result.translationNote && <span className="text-xs text-destructive">{result.translationNote}</span>}
          </>
        }
        copy={
          <>
            {!result.translationNote && <ListenButton text={result.translatedText} language={result.direction?.to ?? ''} testId="scan-speak-translated" />}
            <CopyButton text={result.translatedText} label={t('scan.copyTranslated')} testId="scan-copy-translated" />
          </>
        }
      />
    </div>
  );
}
