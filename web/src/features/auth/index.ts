// The public entry of auth/: other features import only this (eslint.config.js). Sign-in state and the guards of
// signed-in pages.
export { useAuth, useOptionalAuth } from './AuthProvider.tsx';
export { FullScreenLoader } from './guards.tsx';
