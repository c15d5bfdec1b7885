/**
 * The values the web client needs outside Talk, from modules that do not import zod, so the signed-in
 * chunk does not carry zod and does not build its schemas at load. Types come from `@parley/common`
 * (`import type`, free). The server keeps using the index.
 */
export * from './languages.ts';
export * from './limits.ts';
export * from './api/routes.ts';
export * from './api/chatRoutes.ts';
export * from './api/safetyRoutes.ts';
export * from './api/speechRoutes.ts';
export * from './api/scanRoutes.ts';
export * from './api/media.ts';
export * from './api/documents.ts';
export * from './api/messageLife.ts';
export * from './api/groupTypes.ts';
export * from './relationshipTypes.ts';
export * from './realtimeProtocol.ts';
export * from './api/pushRoutes.ts';
export * from './api/inviteRoutes.ts';
export * from './api/mentions.ts';
export * from './api/webhookRoutes.ts';
export * from './api/linkPreviewRoutes.ts';
