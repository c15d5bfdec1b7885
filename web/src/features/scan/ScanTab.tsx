import { Camera, ImageUp, Type } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useT } from '../../lib/i18n.tsx';

/** Scan tab: translate text from a photo, an image or typed text. Placeholder until the scan issue lands. */
export function ScanTab() {
  const t = useT();
  const actions = [
    { icon: Camera, label: t('scan.takePhoto') },
    { icon: ImageUp, label: t('scan.uploadImage') },
    { icon: Type, label: t('scan.typeText') },
  ];
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4" data-testid="scan-tab">
      <Card>
        <CardHeader>
          <CardTitle>{t('scan.title')}</CardTitle>
          <CardDescription>{t('scan.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <ul className="grid grid-cols-3 gap-2">
            {actions.map(({ icon: Icon, label }) => (
              <li key={label} className="flex flex-col items-center gap-2 rounded-xl border border-border bg-muted/60 px-2 py-4 text-center text-xs font-medium text-muted-foreground">
                <Icon className="size-6" aria-hidden="true" />
                {label}
              </li>
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2 text-center">
            <Badge variant="secondary">{t('general.comingSoon')}</Badge>
            <p className="text-sm text-muted-foreground">{t('scan.comingSoon')}</p>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
