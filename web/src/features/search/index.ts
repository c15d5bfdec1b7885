// The public entry of search/: other features import only this (eslint.config.js). Finding people and starting a chat.
export { LanguagePartnersDialog } from './LanguagePartnersDialog.tsx';
export { UserSearchDialog } from './UserSearchDialog.tsx';
export { useUserSearch } from '../../lib/useUserSearch.ts';
