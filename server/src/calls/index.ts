/** Translated voice calls (issue 26): signalling (service + routes) and the in-call media sockets. */
export { CallService, type CallServiceDeps, type CallTimings } from './service.ts';
export { callRoutes } from './routes.ts';
export { CallMedia, type CallMediaDeps } from './media.ts';
export { callTranslator } from './translator.ts';
