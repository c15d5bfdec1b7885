import type { TextSpan } from '@parley/common';

/** Text with the words the engine did not know (and left as written) subtly underlined, to be doubted. */
export function MarkedText({ text, spans }: { text: string; spans: readonly TextSpan[] | null | undefined }) {
  const valid = (spans ?? []).filter((s) => s.start < s.end && s.end <= text.length).sort((a, b) => a.start - b.start);
  if (valid.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const span of valid) {
    if (span.start < at) continue;
    if (span.start > at) parts.push(text.slice(at, span.start));
    parts.push(
      <span key={span.start} className="underline decoration-dotted decoration-current/60 underline-offset-2" data-testid="unknown-word">
        {text.slice(span.start, span.end)}
      </span>,
    );
    at = span.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
