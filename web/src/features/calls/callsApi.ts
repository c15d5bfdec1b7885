import {
  CALL_API, CALL_MEDIA_PATH, type AcceptCallRequest, type CallCapabilities, type CallResponse, type CurrentCallResponse,
  type StartCallRequest, type StartCallResponse,
} from '@parley/common';
import { api, isApiError } from '../../lib/api.ts';
import type { CallOutcome } from './callState.ts';

/** The call routes (issue 26). This module is loaded with the first call, not in the signed-in chunk. */
export const callsApi = {
  capabilities: (roomId: string) => api.get<CallCapabilities>(CALL_API.capabilities(encodeURIComponent(roomId))),
  start: (roomId: string) => api.post<StartCallResponse>(CALL_API.start, { roomId } satisfies StartCallRequest),
  current: () => api.get<CurrentCallResponse>(CALL_API.current),
  accept: (callId: string, deviceId: string) => api.post<CallResponse>(CALL_API.accept(encodeURIComponent(callId)), { deviceId } satisfies AcceptCallRequest),
  decline: (callId: string) => api.post<CallResponse>(CALL_API.decline(encodeURIComponent(callId))),
  end: (callId: string) => api.post<CallResponse>(CALL_API.end(encodeURIComponent(callId))),
};

/** The media socket of a call on the page's own host: wss when the page is https. */
export function callMediaUrl(callId: string, loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${CALL_MEDIA_PATH}?callId=${encodeURIComponent(callId)}`;
}

/** A failed call request -> what the screen says. */
export function outcomeOfError(error: unknown): CallOutcome {
  if (!isApiError(error)) return 'failed';
  switch (error.code) {
    case 'already_in_call':
      return 'already_in_call';
    case 'cannot_call':
    case 'not_a_pair':
    case 'not_found':
      return 'cannot_call';
    case 'call_answered_elsewhere':
      return 'answered_elsewhere';
    case 'call_ended':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/**
 * The notices to show before calling (issue 26 item 3): a side whose speech this server cannot recognise,
 * or whose language it cannot speak. Empty when the call translates fully (or both speak the same language).
 */
export type PreCallNotice = { kind: 'notRecognised' | 'notSpoken'; username: string; language: string; self: boolean };

export function preCallNotices(caps: CallCapabilities): PreCallNotice[] {
  if (caps.sameLanguage || !caps.partner) return [];
  const notices: PreCallNotice[] = [];
  for (const [side, self] of [[caps.self, true], [caps.partner, false]] as const) {
    if (!side.language) continue;
    if (!side.recognised) notices.push({ kind: 'notRecognised', username: side.username, language: side.language, self });
    if (!side.spoken) notices.push({ kind: 'notSpoken', username: side.username, language: side.language, self });
  }
  return notices;
}
