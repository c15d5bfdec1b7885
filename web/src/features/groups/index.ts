// The public entry of groups/: other features import only this (eslint.config.js). Group conversations: creating
// one, its info and members, and what a group adds to a conversation screen.
export { GroupInfoDialog } from './GroupInfoDialog.tsx';
export { GroupPreviewLines } from './GroupPreviewLines.tsx';
export { NewGroupDialog } from './NewGroupDialog.tsx';
export { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
