import { isLanguageCode, type Profile } from '@parley/common';
import type { Selectable } from 'kysely';
import type { ProfilesTable } from '../db/schema.ts';

/** The only way a profile row leaves the server. */
export function presentProfile(row: Selectable<ProfilesTable> & { is_bot?: boolean | null }): Profile {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    language: isLanguageCode(row.language) ? row.language : null,
    bio: row.bio,
    avatar_url: row.avatar_url,
    read_receipts: row.read_receipts,
    translation_first: row.translation_first,
    ...(row.is_bot ? { bot: true as const } : {}),
  };
}
