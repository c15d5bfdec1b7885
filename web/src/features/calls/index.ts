// The public entry of calls/: other features import only this (eslint.config.js). Voice calls: the provider
// (ringing, the call screen), the call button and a saved transcript.
export { CallButton } from './CallButton.tsx';
export { CallProvider, preloadCalls } from './CallProvider.tsx';
export { CallTranscript } from './CallTranscript.tsx';
