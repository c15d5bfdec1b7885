import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
import { safeText } from '../text.ts';
import { usernameSchema } from './auth.ts';
import { checkError } from './errors.ts';

/** Paths of personal access tokens and bots (issue 35 items 2, 3, 6). */
export const INTEGRATIONS_API = {
  tokens: '/api/account/tokens',
  bots: '/api/bots',
  adminTokens: '/api/admin/integrations/tokens',
  adminBots: '/api/admin/integrations/bots',
  adminSettings: '/api/admin/integrations/settings',
} as const;

/**
 * What a token may do: `read` is GET/HEAD, `write` is every other method (a write-only token is allowed but
 * unusual: GitHub's and GitLab's fine-grained scopes work the same way).
 */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Prefix of every token: secret scanners and people recognise it (GitHub's `ghp_`, Slack's `xoxp-`). */
export const TOKEN_PREFIX = 'pat_';

/** Expiry choices the web offers (days); the API takes any whole number up to the maximum, or none (never). */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const TOKEN_LIMITS = { nameMax: 100, maxExpiryDays: 3650, perAccount: 50, botsPerOwner: 20 } as const;

export const createTokenBody = z.object({
  name: safeText().trim().min(1, checkError('token_name_invalid', 'Give the token a name'))
    .max(TOKEN_LIMITS.nameMax, checkError('token_name_invalid', 'A token name is at most 100 characters')),
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1, checkError('token_scopes_invalid', 'Pick at least one scope')).max(2),
  expiresInDays: z.number().int().min(1).max(TOKEN_LIMITS.maxExpiryDays).optional(),
}).strict();
export type CreateTokenBody = z.infer<typeof createTokenBody>;

/** The answer to a token's creation: the secret, shown this once. */
export interface CreatedToken {
  id: string;
  token: string;
}

/** One token as listed (never its secret). */
export interface ApiTokenView {
  id: string;
  name: string;
  scopes: TokenScope[];
  createdAt: string;
  /** null: never expires. */
  expiresAt: string | null;
  /** Approximate (updated at most once a minute); null: never used. */
  lastUsedAt: string | null;
}

export const createBotBody = z.object({ username: usernameSchema, language: z.enum(LANGUAGE_CODES) }).strict();
export type CreateBotBody = z.infer<typeof createBotBody>;

export interface BotView {
  id: string;
  username: string;
  language: string | null;
  avatarUrl: string | null;
  createdAt: string;
  /** The bot's tokens (made by its owner). */
  tokens: ApiTokenView[];
}

/** The console's view of every token: whose it is and who made it. */
export interface AdminTokenView extends ApiTokenView {
  userId: string;
  username: string | null;
  /** The account acts as a bot. */
  bot: boolean;
  createdByEmail: string | null;
}

export interface AdminBotView {
  id: string;
  username: string;
  language: string | null;
  createdAt: string;
  /** The owner's e-mail; null when the owner's account was deleted. */
  ownerEmail: string | null;
  tokenCount: number;
}

export const integrationSettingsBody = z.object({ enabled: z.boolean() }).strict();
export interface IntegrationSettings {
  enabled: boolean;
}

export const tokenParams = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/i, checkError('not_found', 'No such token')) });
export const botParams = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/i, checkError('not_found', 'No such bot')) });
