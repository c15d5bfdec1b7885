import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { ArrowLeftRight, ArrowUpDown, Camera, ImageUp, LoaderCircle, Type } from 'lucide-react';
import { LIMITS } from '@parley/common/client';
import type { LanguageCode } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { LanguageCombobox } from '../../components/ui/language-combobox.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { getStoredLanguage } from '../../lib/userLanguage.ts';
import { cn } from '../../lib/utils.ts';
import { CameraDialog, canUseLiveCamera } from './CameraDialog.tsx';
import { isImageFile } from '../../lib/image.ts';
import { ScanOutput } from './ScanResult.tsx';
import { defaultLanguages } from './scanApi.ts';
import { useScan } from './useScan.ts';
import { displayLanguageName } from '../../lib/names.ts';

/** Scan tab (spec section 2): translate text from a camera photo, an uploaded image or typed text. */
export function ScanTab() {
  const { t, language } = useI18n();
  const localName = useCallback((code: string) => displayLanguageName(code, language, true), [language]);
  const ids = useId();
  const [languages, setLanguages] = useState(() => defaultLanguages(getStoredLanguage()));
  const { state, scanFile, scanPrepared, translateText } = useScan(languages.primary, languages.secondary);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [showText, setShowText] = useState(false);
  const [text, setText] = useState('');
  const uploadRef = useRef<HTMLInputElement>(null);
  const captureRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const outputRef = useRef<HTMLDivElement>(null);
  const busy = state.status === 'processing';

  // Bring a new result or error into view: below the actions it is often under the fold.
  useEffect(() => {
    if (state.status === 'result' || state.status === 'error') {
      outputRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
  }, [state]);

  const setLanguage = (which: 'primary' | 'secondary') => (code: LanguageCode) => setLanguages((l) => ({ ...l, [which]: code }));
  const swap = () => setLanguages((l) => ({ primary: l.secondary, secondary: l.primary }));
  const languageField = (which: 'primary' | 'secondary') => (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={`${ids}-${which}`}>{t(`scan.${which}Language`)}</Label>
      <LanguageCombobox
        id={`${ids}-${which}`}
        value={languages[which]}
        onChange={setLanguage(which)}
        label={t(`scan.${which}Language`)}
        placeholder={t('scan.searchLanguage')}
        emptyText={t('scan.noLanguagesFound')}
        displayName={localName}
        data-testid={`scan-${which}-language`}
      />
    </div>
  );

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // picking the same file again fires change again
    if (!file) return;
    if (!isImageFile(file)) {
      toast.error(t('scan.invalidFile'), { description: t('scan.selectImage') });
      return;
    }
    void scanFile(file);
  };

  const takePhoto = () => {
    if (canUseLiveCamera()) setCameraOpen(true);
    else captureRef.current?.click(); // no getUserMedia (plain http, old browsers): the device's camera picker
  };

  const toggleText = () => {
    setShowText((show) => !show);
    if (!showText) requestAnimationFrame(() => textRef.current?.focus());
  };

  const onAction = (key: 'camera' | 'upload' | 'text') => {
    if (key === 'camera') takePhoto();
    else if (key === 'upload') uploadRef.current?.click();
    else toggleText();
  };
  const actions = [
    { key: 'camera', icon: Camera, label: t('scan.takePhoto'), pressed: undefined },
    { key: 'upload', icon: ImageUp, label: t('scan.uploadImage'), pressed: undefined },
    { key: 'text', icon: Type, label: t('scan.typeText'), pressed: showText },
  ] as const;

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-3 pb-6 sm:p-4" data-testid="scan-tab" data-state={state.status}>
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>{t('scan.title')}</CardTitle>
          <CardDescription>{t('scan.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
          <div className="flex flex-col gap-1.5">
            {/* Phones: one language under the other, each input the full width (long names such as
                'Tiếng Tây Ban Nha' fit), the swap button beside both; wider screens: side by side. */}
            <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-2 gap-y-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
              {languageField('primary')}
              <Button variant="outline" size="icon" className="row-span-2 self-center sm:row-span-1 sm:self-end" onClick={swap} aria-label={t('scan.swapLanguages')} title={t('scan.swapLanguages')} data-testid="scan-swap">
                <ArrowUpDown className="sm:hidden" aria-hidden="true" />
                <ArrowLeftRight className="hidden sm:block" aria-hidden="true" />
              </Button>
              {languageField('secondary')}
            </div>
            <p className="text-xs text-muted-foreground">{t('scan.languagesHint')}</p>
          </div>

          <div className="grid grid-cols-3 gap-2">
            {actions.map(({ key, icon: Icon, label, pressed }) => (
              <Button
                key={key}
                variant={pressed ? 'secondary' : 'outline'}
                className={cn('h-auto min-h-20 flex-col gap-1.5 whitespace-normal px-2 py-3 text-center text-xs sm:text-sm', pressed && 'border border-primary/30')}
                onClick={() => onAction(key)}
                disabled={busy && key !== 'text'}
                aria-pressed={pressed}
                data-testid={`scan-action-${key}`}
              >
                <Icon className="!size-6 text-primary" aria-hidden="true" />
                {label}
              </Button>
            ))}
          </div>

          {showText && (
            <form
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void translateText(text);
              }}
            >
              <Textarea
                ref={textRef}
                rows={4}
                value={text}
                maxLength={LIMITS.translateMaxChars}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
                }}
                placeholder={t('scan.textPlaceholder')}
                aria-label={t('scan.typeText')}
                dir="auto"
                data-testid="scan-text-input"
              />
              <Button type="submit" className="w-full sm:w-auto sm:self-end" disabled={!text.trim() || busy} data-testid="scan-translate">
                {busy && state.kind === 'text' && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                {t('scan.translate')}
              </Button>
            </form>
          )}

          <input ref={uploadRef} type="file" accept="image/*" className="hidden" onChange={onFile} data-testid="scan-upload-input" />
          <input
            ref={captureRef}
            type="file"
            accept="image/*"
            capture="environment"
            className="hidden"
            onChange={onFile}
            data-testid="scan-capture-input"
          />
        </CardContent>
      </Card>

      <div ref={outputRef} aria-live="polite" className="flex scroll-mt-3 flex-col gap-3">
        <ScanOutput state={state} />
      </div>

      <CameraDialog
        open={cameraOpen}
        onOpenChange={setCameraOpen}
        onCapture={(image) => void scanPrepared(image)}
        onFallback={() => captureRef.current?.click()}
      />
    </section>
  );
}
