/** Every API error has a stable machine id and a user-facing message: {error: {code, message}}. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden_origin',
  'not_found',
  'rate_limited',
  'email_taken',
  'username_taken',
  'weak_password',
  'invalid_credentials',
  'email_not_confirmed',
  'invalid_image',
  'image_too_large',
  'payload_too_large',
  'database_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}

/** Messages whose wording the web maps (spec section 5): keep the key phrases. */
export const AUTH_MESSAGES = {
  emailTaken: 'User already registered',
  usernameTaken: 'Username already taken',
  weakPassword: 'Password should be at least 6 characters',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
} as const;
