import type { Db } from '../db/connect.ts';

export type WebhookAuditAction = 'webhook.created' | 'webhook.rotated' | 'webhook.deleted' | 'webhook.paused' | 'webhook.resumed';

/** Records one audit entry (admin/audit.ts, wired in app.ts) in `tx`, the change's transaction. */
export type WebhookAudit = (tx: Db, entry: { action: WebhookAuditAction; actorId: string | null; address: string | null; details: Record<string, unknown> }) => Promise<void>;
