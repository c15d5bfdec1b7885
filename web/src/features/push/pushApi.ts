import { PUSH_API, type MuteDuration } from '@parley/common/client';
import type { MuteResponse, PushKeyResponse, PushSettingsResponse } from '@parley/common';
import { api, apiFetch } from '../../lib/api.ts';

export const PUSH_SETTINGS_KEY = ['push', 'settings'] as const;

/** Web push (server/src/push/): the key, this device's subscription, settings, mutes. */
export const pushApi = {
  key: () => api.get<PushKeyResponse>(PUSH_API.key),
  register: (subscription: PushSubscriptionJSON) => apiFetch<void>(PUSH_API.subscription, { method: 'PUT', body: subscription }),
  unregister: () => api.delete<void>(PUSH_API.subscription),
  settings: (signal?: AbortSignal) => api.get<PushSettingsResponse>(PUSH_API.settings, signal),
  setHideText: (hideText: boolean) => api.patch<PushSettingsResponse>(PUSH_API.settings, { hideText }),
  /** `mentions: false`: "Mute everything" (mentions too); by default mentions still notify. */
  mute: (roomId: string, duration: MuteDuration, mentions = true) =>
    apiFetch<MuteResponse>(PUSH_API.mute.replace(':roomId', encodeURIComponent(roomId)), { method: 'PUT', body: { duration, mentions } }),
  unmute: (roomId: string) => api.delete<MuteResponse>(PUSH_API.mute.replace(':roomId', encodeURIComponent(roomId))),
};
