import { Info, Phone } from 'lucide-react';
import type { CallCapabilities } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { preCallNotices } from './callsApi.ts';
import { displayLanguageName } from '../../lib/names.ts';

/** Before calling, when this server cannot hear or speak one side's language: say so, and that voices still cross. */
export function PreCallDialog({ name, caps, onCall, onCancel }: { name: string; caps: CallCapabilities; onCall: () => void; onCancel: () => void }) {
  const { t, language } = useI18n();
  const lines = preCallNotices(caps).map((n) => {
    const lang = displayLanguageName(n.language, language); // inside a sentence: 'español', not 'Español'
    if (n.kind === 'notRecognised') return n.self ? t('calls.notRecognisedSelf', { language: lang }) : t('calls.notRecognised', { name: n.username, language: lang });
    return n.self ? t('calls.notSpokenSelf', { language: lang }) : t('calls.notSpoken', { name: n.username, language: lang });
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent closeLabel={t('general.close')} data-testid="precall-dialog">
        <DialogHeader>
          <DialogTitle>{t('calls.precallTitle', { name })}</DialogTitle>
          <DialogDescription>{t('calls.untranslatedVoices')}</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2">
          {lines.map((line) => (
            <li key={line} className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="precall-notice">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{line}</span>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>{t('calls.cancel')}</Button>
          <Button onClick={onCall} data-testid="precall-call">
            <Phone aria-hidden="true" />
            {t('calls.callAnyway')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
