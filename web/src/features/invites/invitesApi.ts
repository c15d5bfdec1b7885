import { useQuery } from '@tanstack/react-query';
import { INVITE_API, type InviteAbility, type MemberInviteResponse } from '@parley/common/client';
import type { LanguageCode } from '@parley/common';
import { api } from '../../lib/api.ts';

/** Invites from the app (issue 38): may I invite, and make a one-person link (mailed when an address is given). */
export const invitesApi = {
  ability: (signal?: AbortSignal) => api.get<InviteAbility>(INVITE_API.ability, signal),
  create: (input: { email?: string; language?: LanguageCode }) => api.post<MemberInviteResponse>(INVITE_API.create, input),
};

/** Whether this person may invite (an admin, or a member when the operator allows it) and whether mail is set up. */
export function useInviteAbility() {
  return useQuery({ queryKey: ['invites', 'ability'], queryFn: ({ signal }) => invitesApi.ability(signal), staleTime: 5 * 60_000 });
}
