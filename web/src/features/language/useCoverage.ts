import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRANSLATION_API } from '@parley/common/client';
import { VOICE_CAPABILITIES_PATH, type LanguagesResponse, type VoiceCapabilities } from '@parley/common';
import { api } from '../../lib/api.ts';

/** Whether the configured engines translate `from` into `to`; undefined while unknown. */
export type Serves = (from: string, to: string) => boolean | undefined;

/** The served directions from /api/languages, as a set of 'from>to'. Pure. */
export function servedPairs(data: Pick<LanguagesResponse, 'pairs'>): Set<string> {
  return new Set(data.pairs.filter((p) => p.support !== 'none').map((p) => `${p.source}>${p.target}`));
}

/**
 * What this server can translate (GET /api/languages, fetched once per session): lets a conversation or
 * a scan say before anyone types that a direction will arrive untranslated.
 */
const coverageQuery = {
  queryKey: ['languages'],
  queryFn: async () => servedPairs(await api.get<LanguagesResponse>(TRANSLATION_API.languages)),
  staleTime: 10 * 60_000,
};

/** The same, asked only when needed (e.g. after a scan came back untranslated). */
export function useCoverageLookup(): (from: string, to: string) => Promise<boolean | undefined> {
  const client = useQueryClient();
  return useCallback(async (from, to) => {
    if (from === to) return true;
    try {
      return (await client.fetchQuery(coverageQuery)).has(`${from}>${to}`);
    } catch {
      return undefined;
    }
  }, [client]);
}

export function useCoverage(enabled = true): Serves {
  const { data } = useQuery({ ...coverageQuery, enabled });
  return useCallback<Serves>((from, to) => (from === to ? true : data ? data.has(`${from}>${to}`) : undefined), [data]);
}

/** What this server hears and speaks (GET /api/voice/capabilities); undefined while unknown or unavailable. */
export function useVoiceCoverage(enabled = true): VoiceCapabilities | undefined {
  const { data } = useQuery({
    queryKey: ['voice-capabilities'],
    queryFn: () => api.get<VoiceCapabilities>(VOICE_CAPABILITIES_PATH),
    staleTime: 10 * 60_000,
    enabled,
  });
  return data;
}
