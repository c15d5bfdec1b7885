// The public entry of push/: other features import only this (eslint.config.js). Push notifications and muting a
// conversation.
export { MuteDialog, MuteMenu, useMutedRooms } from './MuteMenu.tsx';
export { NotificationsSection } from './NotificationsSection.tsx';
export { PushAsk } from './PushAsk.tsx';
export { PushSync } from './PushSync.tsx';
