import { cn } from '../lib/utils.ts';

/** Parley's mark: two speech bubbles on the indigo-to-teal gradient. Decorative. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true">
      <defs>
        <linearGradient id="parley-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-primary)" />
          <stop offset="1" stopColor="var(--color-accent)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#parley-mark)" />
      <path d="M8 9.5h11a3 3 0 0 1 3 3v4a3 3 0 0 1-3 3h-6l-4 3v-3H8a3 3 0 0 1-3-3v-4a3 3 0 0 1 3-3z" fill="#fff" opacity=".95" />
      <path d="M24.5 13.5h.5a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-1v2.5l-3-2.5h-3" stroke="#fff" strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
