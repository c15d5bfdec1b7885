import { API, LIMITS } from '@parley/common/client';
import type { Profile, UpdateProfileBody } from '@parley/common';
import { apiFetch } from '../../lib/api.ts';

export const updateProfile = (body: UpdateProfileBody) => apiFetch<Profile>(API.profile, { method: 'PATCH', body });

export function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<Profile>(API.avatar, { method: 'POST', body: form });
}

/** Why a picked file cannot be an avatar, checked before uploading; undefined when it may be sent. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): 'notImage' | 'tooLarge' | undefined {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > LIMITS.avatarMaxBytes) return 'tooLarge';
  return undefined;
}
