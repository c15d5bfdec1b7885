/**
 * Show a message of the conversation on screen: scrolled to the middle and briefly highlighted. Answers
 * false when it is not loaded (further back than the history on screen).
 */
export function jumpToMessage(messageId: string, root: ParentNode = document): boolean {
  const el = root.querySelector<HTMLElement>(`[data-testid="message"][data-message-id="${CSS.escape(messageId)}"]`);
  if (!el) return false;
  el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  el.dataset.highlight = 'true';
  setTimeout(() => delete el.dataset.highlight, 2000);
  return true;
}
