/** Live voice translation: the voice socket, its engines and the OpenAI Realtime proxy. */
export { attachVoiceSocket, sameOriginCheck, type VoiceSocket, type VoiceSocketDeps } from './socket.ts';
export { createVoiceDeps, type VoiceDeps } from './deps.ts';
export { voiceRoutes } from './routes.ts';
export { voiceConfigFromEnv, voiceEnvSchema, voiceEnvShape, type VoiceConfig, type VoiceEnv } from './config.ts';
export { VoiceSession, type VoiceSessionOptions } from './session.ts';
export { OpenAiRealtimeSession, type OpenAiRealtimeOptions } from './openaiRealtime.ts';
export { PocketSphinxStt } from './stt/pocketsphinx.ts';
export { OpenAiStt } from './stt/openai.ts';
export { EspeakTts } from './tts/espeak.ts';
export { OpenAiTts } from './tts/openai.ts';
export type { SpeechToText, SttStream, Transcription } from './stt/types.ts';
export type { TextToSpeech } from './tts/types.ts';
export type { CreateVoiceSession, VoiceLimits, VoiceLogger, VoiceSessionContext, VoiceSessionHandle } from './types.ts';
// Calls (server/src/calls/) run the same pipeline per utterance and check frames with the same gate.
export { runUtterance, type PipelineEngines, type Utterance, type UtteranceTimings } from './pipeline.ts';
export { FrameGate } from './frames.ts';
export { DEFAULT_VOICE_LIMITS, voiceErrorCode } from './types.ts';
