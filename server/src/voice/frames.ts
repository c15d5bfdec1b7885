import { VOICE_CLIENT_MESSAGE_TYPES, voiceClientMessage, type VoiceClientMessage, type VoiceErrorCode } from '@parley/common';
import type { z } from 'zod';
import type { VoiceLimits } from './types.ts';

export type FrameResult<M = VoiceClientMessage> = { message: M } | { code: VoiceErrorCode; message: string; error: true };

/** The messages a socket accepts: the voice socket's by default; calls' media socket passes its own. */
export interface FrameProtocol<M> {
  schema: z.ZodType<M>;
  types: readonly string[];
}

const VOICE_PROTOCOL: FrameProtocol<VoiceClientMessage> = { schema: voiceClientMessage, types: VOICE_CLIENT_MESSAGE_TYPES };

/**
 * The checks every client frame passes before a session sees it: size cap, rate cap (token
 * bucket), JSON, known type, schema. Shared by the pipeline session and the Realtime proxy.
 */
export class FrameGate<M = VoiceClientMessage> {
  private tokens: number;
  private lastRefill = Date.now();

  constructor(
    private readonly limits: Pick<VoiceLimits, 'maxFrameBytes' | 'maxFramesPerSecond' | 'frameBurst'>,
    private readonly protocol: FrameProtocol<M> = VOICE_PROTOCOL as unknown as FrameProtocol<M>,
  ) {
    this.tokens = limits.frameBurst;
  }

  check(data: string): FrameResult<M> {
    if (Buffer.byteLength(data) > this.limits.maxFrameBytes) {
      return fail('frame_too_large', `A message may be at most ${Math.floor(this.limits.maxFrameBytes / 1024)} KB; send audio in smaller chunks.`);
    }
    if (!this.takeToken()) return fail('rate_limited', 'Too many messages; slow down.');
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return fail('invalid_json', 'Messages must be JSON.');
    }
    const type = json && typeof json === 'object' ? (json as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !this.protocol.types.includes(type)) {
      return fail('unknown_type', `Unknown message type: ${String(type).slice(0, 60)}`);
    }
    const parsed = this.protocol.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.');
      return fail('invalid_message', `Malformed ${type} message: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`);
    }
    return { message: parsed.data };
  }

  private takeToken(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.limits.frameBurst, this.tokens + ((now - this.lastRefill) / 1000) * this.limits.maxFramesPerSecond);
    this.lastRefill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

function fail(code: VoiceErrorCode, message: string): { code: VoiceErrorCode; message: string; error: true } {
  return { code, message, error: true };
}
