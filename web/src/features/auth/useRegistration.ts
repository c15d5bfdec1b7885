import { useEffect, useState } from 'react';
import { API } from '@parley/common/routes';
import type { RegistrationInfo } from '@parley/common';

/**
 * What sign-up accepts on this server (GET /api/auth/registration), so the screen says "Sign-up is by
 * invitation" before the form instead of failing after it. Null until known (and when the request fails:
 * the form then stays as it is and the server's answer decides).
 */
export function useRegistration(): RegistrationInfo | null {
  const [info, setInfo] = useState<RegistrationInfo | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(API.registration, { credentials: 'same-origin', signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<RegistrationInfo>) : null))
      .then((body) => body && setInfo(body))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return info;
}

/** The invite token of an invite link (/auth?mode=signup&invite=...), if any. */
export function inviteFromLocation(search: string): string | undefined {
  const token = new URLSearchParams(search).get('invite');
  return token && token.length <= 200 ? token : undefined;
}
