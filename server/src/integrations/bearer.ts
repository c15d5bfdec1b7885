import { BearerTokens } from '../auth/apiTokens.ts';
import type { Db } from '../db/connect.ts';
import { integrationsEnabled } from './settings.ts';
import type { IntegrationAudit } from './types.ts';

/**
 * The API tokens requireUser resolves (auth/apiTokens.ts), under the server-wide switch; the first use of each day
 * is audited as `token.used`.
 */
export function bearerTokens(db: Db, now: () => Date, audit: (tx: Db, entry: IntegrationAudit) => Promise<void>): BearerTokens {
  return new BearerTokens(db, {
    now,
    enabled: () => integrationsEnabled(db),
    onFirstUseToday: (info) => audit(db, { action: 'token.used', actor: { id: info.userId, email: info.email, address: null }, details: { tokenId: info.tokenId } }),
  });
}
