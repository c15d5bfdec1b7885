// The public entry of safety/: other features import only this (eslint.config.js). Blocks and reports.
export { BlockedPeopleSection } from './BlockedPeopleSection.tsx';
export { ReportDialog } from './ReportDialog.tsx';
export type { ReportTarget } from './ReportDialog.tsx';
export { SafetyMenu } from './SafetyMenu.tsx';
export { BLOCKS_KEY, safetyApi } from './safetyApi.ts';
