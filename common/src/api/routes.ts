/** Paths of the HTTP API, shared so the web client and the server cannot drift. */
export const API = {
  health: '/api/health',
  signUp: '/api/auth/signup',
  signIn: '/api/auth/signin',
  signOut: '/api/auth/signout',
  session: '/api/auth/session',
  profile: '/api/profile',
  avatar: '/api/profile/avatar',
} as const;

/** Public URL prefix of stored files (avatars). */
export const STORAGE_PREFIX = '/storage';
