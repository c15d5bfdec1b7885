// The public entry of talk/: other features import only this (eslint.config.js). The Talk tab (loaded on demand).
export { TalkTab } from './TalkTab.tsx';
