import { API, LIMITS, type Profile, type UpdateProfileBody } from '@parley/common';
import { apiFetch, isApiError } from '../../lib/api.ts';

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

/** The server's specific reason for a refused upload or update, worth showing to the user. */
export function specificReason(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 413 && !error.code.startsWith('image_')) return undefined; // a proxy's bare 413: caller says "too large"
  const specific = [
    'invalid_image', 'image_too_large', 'payload_too_large', 'username_taken', 'username_too_short', 'username_too_long',
    'username_invalid', 'bio_too_long', 'avatar_url_invalid', 'invalid_text', 'invalid_request',
  ];
  return specific.includes(error.code) && error.message ? error.message : undefined;
}
