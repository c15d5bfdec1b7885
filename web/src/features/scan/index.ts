// The public entry of scan/: other features import only this (eslint.config.js). The Scan tab (loaded on demand).
export { ScanTab } from './ScanTab.tsx';
