import { useT } from '../lib/i18n.tsx';

/** The small "BOT" mark beside a bot account's name (issue 35): message list, members, search, conversations. */
export function BotBadge({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded border border-border px-1 text-[10px] font-semibold leading-4 tracking-wide text-muted-foreground ${className}`}
      title={t('integrations.botLabel')}
      aria-label={t('integrations.botLabel')}
      data-testid="bot-badge"
    >
      {t('integrations.botBadge')}
    </span>
  );
}
