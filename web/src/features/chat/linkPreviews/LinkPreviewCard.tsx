import { useState } from 'react';
import { Languages, X } from 'lucide-react';
import type { LinkPreviewView } from '@parley/common';
import { useT } from '../../../lib/i18n.tsx';
import { cn } from '../../../lib/utils.ts';

export interface LinkPreviewCardProps {
  preview: LinkPreviewView;
  /** In the sender's own (coloured) bubble. */
  mine?: boolean;
  /** The composer's card: an × removes the preview from the message being written. */
  onRemove?: () => void;
}

/**
 * A link's card (issue 36 item 3): site name, title, description and the image the server fetched and serves from our
 * own origin (the reader's browser never contacts the site). The card opens the link in a new tab without a referrer.
 * A translated card says so and shows the page's own words on request, as a message's translation does.
 */
export function LinkPreviewCard({ preview, mine = false, onRemove }: LinkPreviewCardProps) {
  const t = useT();
  const [original, setOriginal] = useState(false);
  const shown = original && preview.original ? preview.original : preview;
  const site = preview.siteName ?? new URL(preview.url).hostname;
  const muted = mine ? 'text-primary-foreground/80' : 'text-muted-foreground';
  return (
    <div
      className={cn('relative mt-2 w-full min-w-0 max-w-80 overflow-hidden rounded-lg border-s-4 text-start', mine ? 'border-white/60 bg-white/10' : 'border-primary/60 bg-muted/60')}
      data-testid="link-preview"
      data-translated={preview.translated || undefined}
    >
      <a href={preview.url} target="_blank" rel="noopener noreferrer" className="block min-w-0 focus-visible:outline-2" aria-label={t('linkPreviews.open', { site })}>
        {preview.image && (
          <img
            src={preview.image}
            alt=""
            loading="lazy"
            width={preview.imageWidth ?? undefined}
            height={preview.imageHeight ?? undefined}
            className="h-auto max-h-40 w-full object-cover"
            data-testid="link-preview-image"
          />
        )}
        <span className={cn('block min-w-0 px-3 py-2', onRemove && !preview.image && 'pe-10')}>
          <span className={cn('block truncate text-[11px] font-semibold uppercase tracking-wide', muted)} dir="auto" data-testid="link-preview-site">{site}</span>
          {shown.title && <span className="line-clamp-2 block break-words text-sm font-semibold" dir="auto" data-testid="link-preview-title">{shown.title}</span>}
          {shown.description && <span className={cn('mt-0.5 line-clamp-3 block break-words text-xs', muted)} dir="auto" data-testid="link-preview-description">{shown.description}</span>}
        </span>
      </a>
      {preview.translated && (
        <p className={cn('flex items-center gap-1 px-3 pb-2 text-[11px]', muted)}>
          <Languages className="size-3 shrink-0" aria-hidden="true" />
          <span data-testid="link-preview-translated">{t('linkPreviews.translated')}</span>
          <span aria-hidden="true">·</span>
          <button type="button" className="font-medium underline-offset-2 hover:underline" onClick={() => setOriginal((v) => !v)} aria-pressed={original} data-testid="link-preview-original">
            {original ? t('linkPreviews.showTranslation') : t('linkPreviews.showOriginal')}
          </button>
        </p>
      )}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          className="absolute end-1 top-1 grid size-8 place-items-center rounded-full bg-background/90 text-foreground shadow-xs hover:bg-background"
          aria-label={t('linkPreviews.remove')}
          data-testid="link-preview-remove"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
