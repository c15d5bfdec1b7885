// The public entry of language/: other features import only this (eslint.config.js). The reader's language and what
// the server can translate (coverage).
export { LanguageStep } from './LanguageStep.tsx';
export { useApplyLanguage } from './useApplyLanguage.ts';
export { useCoverage, useCoverageLookup, useVoiceCoverage } from './useCoverage.ts';
