import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { firstLink } from '@parley/common/client';
import { useT } from '../../../lib/i18n.tsx';
import { LinkPreviewCard } from './LinkPreviewCard.tsx';
import { fetchLinkPreview } from './linkPreviewApi.ts';

/** Wait this long after the last keystroke before asking for a card (a URL being typed is not fetched letter by letter). */
const SETTLE_MS = 500;

/**
 * The card the draft's first link will get, with an × (Slack, Telegram): removing it marks that link, and the send
 * then carries `linkPreview: false`. Nothing shows while previews are off on the server or the page has no card.
 */
export function ComposerLinkPreview({ draft, removed, onRemove }: { draft: string; removed: string | null; onRemove: (url: string) => void }) {
  const t = useT();
  const url = firstLink(draft);
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(url), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [url]);
  const wanted = url !== null && url === settled && url !== removed;
  const query = useQuery({
    queryKey: ['link-preview', settled],
    queryFn: () => fetchLinkPreview(settled!),
    enabled: wanted,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!url || url === removed) return null;
  if (query.isFetching && !query.data) {
    return <p className="mx-auto mt-1 max-w-3xl text-xs text-muted-foreground" aria-live="polite" data-testid="link-preview-loading">{t('linkPreviews.loading')}</p>;
  }
  const preview = wanted ? query.data?.preview : null;
  if (!preview) return null;
  return (
    <div className="mx-auto mt-1 max-w-3xl" data-testid="composer-link-preview">
      <LinkPreviewCard preview={preview} onRemove={() => onRemove(url)} />
    </div>
  );
}
