import { MessageCircle, Mic, ScanText, type LucideIcon } from 'lucide-react';
import type { CatalogKey } from '@parley/common';

export const TABS = ['talk', 'chat', 'scan'] as const;
export type Tab = (typeof TABS)[number];
/** Spec section 2: the default tab is chat. */
export const DEFAULT_TAB: Tab = 'chat';

export const TAB_META: Record<Tab, { label: CatalogKey; icon: LucideIcon }> = {
  talk: { label: 'nav.talk', icon: Mic },
  chat: { label: 'nav.chat', icon: MessageCircle },
  scan: { label: 'nav.scan', icon: ScanText },
};
