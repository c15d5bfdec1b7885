import { useState } from 'react';
import { Info, MessageCircle, Search } from 'lucide-react';
import { toast } from 'sonner';
import { languageName } from '@parley/common/client';
import type { LanguageCode } from '@parley/common';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useAuth } from '../auth/index.ts';
import { displayLanguageName } from '../../lib/names.ts';

/** Spec section 2: the partner list is hard-coded sample data; the dialog says so. */
export const SAMPLE_PARTNERS: readonly { id: string; name: string; speaks: LanguageCode; learning: LanguageCode }[] = [
  { id: 'sample-1', name: 'María García', speaks: 'es', learning: 'en' },
  { id: 'sample-2', name: 'Yuki Tanaka', speaks: 'ja', learning: 'en' },
  { id: 'sample-3', name: 'Lukas Schmidt', speaks: 'de', learning: 'es' },
  { id: 'sample-4', name: 'Camille Dubois', speaks: 'fr', learning: 'de' },
  { id: 'sample-5', name: 'João Silva', speaks: 'pt', learning: 'fr' },
  { id: 'sample-6', name: 'Ayşe Yılmaz', speaks: 'tr', learning: 'en' },
  { id: 'sample-7', name: 'Olena Kovalenko', speaks: 'uk', learning: 'pl' },
];

/** Partners whose name or either language matches `query` (case- and accent-insensitive). */
export function filterPartners(query: string, locale = 'en', partners = SAMPLE_PARTNERS) {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(query.trim());
  if (!q) return partners;
  return partners.filter((p) =>
    [p.name, p.speaks, p.learning, ...[p.speaks, p.learning].flatMap((code) => [languageName(code), displayLanguageName(code, locale)])]
      .some((field) => fold(field).includes(q)),
  );
}

interface LanguagePartnersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Open the real user search. */
  onFindPeople: () => void;
}

/** 'Find Language Partners': the user's language, a search by name or language, example partners. */
export function LanguagePartnersDialog({ open, onOpenChange, onFindPeople }: LanguagePartnersDialogProps) {
  const { t, language } = useI18n();
  const { profile } = useAuth();
  const [query, setQuery] = useState('');
  const partners = filterPartners(query, language);

  const onChat = () =>
    toast.info(t('userSearch.exampleToast'), {
      description: t('userSearch.exampleToastDescription'),
      action: { label: t('userSearch.findPeople'), onClick: onFindPeople },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} className="max-w-lg grid-cols-[minmax(0,1fr)]" data-testid="partners-dialog">
        <DialogHeader>
          <DialogTitle>{t('userSearch.partnersTitle')}</DialogTitle>
          <DialogDescription>{t('userSearch.partnersDescription')}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center justify-between rounded-xl bg-secondary px-3 py-2 text-sm">
          <span className="text-secondary-foreground">{t('userSearch.yourLanguage')}</span>
          <LanguageNameText code={profile?.language || language} locale={language} />
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('userSearch.partnersPlaceholder')}
            aria-label={t('userSearch.partnersPlaceholder')}
            className="ps-9"
            data-testid="partners-search"
          />
        </div>
        <section aria-labelledby="example-partners" className="flex flex-col gap-2">
          <h3 id="example-partners" className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t('userSearch.examplePartners')}
          </h3>
          <p className="flex gap-2 rounded-lg border border-dashed border-border px-3 py-2 text-xs text-muted-foreground" data-testid="partners-examples-note">
            <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {t('userSearch.examplesNote')}
          </p>
          {partners.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">{t('userSearch.noPartners', { query: query.trim() })}</p>
          ) : (
            <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto" data-testid="partners-list">
              {partners.map((p) => (
                <li key={p.id} className="flex items-center gap-3 rounded-xl px-1 py-1.5">
                  <UserAvatar username={p.name} className="size-10" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{p.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {t('userSearch.speaks', { language: displayLanguageName(p.speaks, language) })} ·{' '}
                      {t('userSearch.learning', { language: displayLanguageName(p.learning, language) })}
                    </span>
                  </span>
                  <Button size="sm" variant="outline" onClick={onChat} data-testid="partner-chat">
                    <MessageCircle aria-hidden="true" />
                    {t('userSearch.chat')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}

/** Named inside the dialog's content, so a closed dialog costs nothing (a first Intl.DisplayNames is slow on a phone). */
function LanguageNameText({ code, locale }: { code: string; locale: string }) {
  return <span className="font-semibold" data-testid="partners-your-language">{displayLanguageName(code, locale, true)}</span>;
}
