import type { FastifyInstance } from 'fastify';
import { VOICE_CAPABILITIES_PATH, type VoiceCapabilities } from '@parley/common';
import type { RequireUser } from '../auth/requireUser.ts';

/** GET /api/voice/capabilities (signed-in users): which languages Talk can hear and speak here. */
export async function voiceRoutes(app: FastifyInstance, options: { capabilities: VoiceCapabilities; requireUser: RequireUser }): Promise<void> {
  app.get(VOICE_CAPABILITIES_PATH, { onRequest: options.requireUser }, async () => options.capabilities);
}
