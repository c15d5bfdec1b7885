import type { AuditAction } from '@parley/common';
import type { Db } from '../db/connect.ts';
import type { EventPublisher } from '../chat/types.ts';

/** One audit entry (admin/ owns the log: app.ts passes recordAudit in). */
/** Who acted: a person (with their address) or an operator. */
export interface IntegrationActor {
  id: string | null;
  email: string | null;
  address: string | null;
}

export interface IntegrationAudit {
  action: AuditAction;
  actor: IntegrationActor;
  target?: { id: string | null; email: string | null };
  details?: Record<string, unknown>;
}

export interface IntegrationDeps {
  db: Db;
  now: () => Date;
  audit: (tx: Db, entry: IntegrationAudit) => Promise<void>;
  /** After a bot's deletion: its sessions (none) end, the rooms it was in are redrawn. */
  endSessions: (ids: string[]) => void;
  events?: EventPublisher;
  contexts?: { changed(): void };
}
