/** Integrations (issue 35): personal access tokens, bots, the server-wide switch. Webhooks read integrationsEnabled. */
export { integrationsEnabled } from './settings.ts';
export { bearerTokens } from './bearer.ts';
export { integrationRoutes, type IntegrationRouteDeps } from './routes.ts';
export { listAllTokens, changeIntegrations } from './console.ts';
export { listAllBots, deleteBot } from './bots.ts';
export { revokeToken } from './tokens.ts';
export type { IntegrationDeps, IntegrationAudit, IntegrationActor } from './types.ts';
