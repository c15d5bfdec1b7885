// The public entry of invites/: other features import only this (eslint.config.js). Invite links.
export { InviteButton } from './InviteButton.tsx';
export { InviteLink } from './InviteLink.tsx';
