import { AudioLines, Mic } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useT } from '../../lib/i18n.tsx';

/** Talk tab: live voice translation. Placeholder until the voice issue lands. */
export function TalkTab() {
  const t = useT();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4" data-testid="talk-tab">
      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-secondary text-primary">
            <AudioLines className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <CardTitle>{t('talk.title')}</CardTitle>
            <CardDescription>{t('talk.tagline')}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <span className="flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-primary to-accent text-white shadow-md">
            <Mic className="size-9" aria-hidden="true" />
          </span>
          <Badge variant="secondary">{t('general.comingSoon')}</Badge>
          <p className="text-sm text-muted-foreground">{t('talk.comingSoon')}</p>
        </CardContent>
      </Card>
    </section>
  );
}
