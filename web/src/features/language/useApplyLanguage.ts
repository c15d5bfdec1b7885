import { useCallback } from 'react';
import { API } from '@parley/common/client';
import type { LanguageCode, Profile } from '@parley/common';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { storeLanguage } from '../../lib/userLanguage.ts';
import { useAuth } from '../auth/index.ts';

/**
 * Apply a chosen language (spec section 4, Language change): keep it in localStorage userLanguage,
 * save it to the profile (failure logged only) and translate the interface (English: no call).
 */
export function useApplyLanguage(): (code: LanguageCode) => Promise<void> {
  const { setLanguage } = useI18n();
  const { setProfile } = useAuth();
  return useCallback(
    async (code: LanguageCode) => {
      storeLanguage(code);
      const saveProfile = api
        .patch<Profile>(API.profile, { language: code })
        .then(setProfile)
        .catch((error: unknown) => console.error('Could not save the language to the profile', error));
      await Promise.all([setLanguage(code), saveProfile]);
    },
    [setLanguage, setProfile],
  );
}
