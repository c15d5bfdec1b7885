// The public entry of profile/: other features import only this (eslint.config.js). The profile page (loaded on
// demand).
export { ProfilePage } from './ProfilePage.tsx';
