// The public entry of speech/: other features import only this (eslint.config.js). Reading a text aloud.
export { SpeakButton } from './SpeakButton.tsx';
export { toggleSpeech } from './player.ts';
