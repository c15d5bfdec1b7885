/**
 * What other features may use of the neural engine (voice/neural runs Whisper and Piper in the same
 * worker pool): the pool, the engine (to find its pool), and the language code mapping.
 */
export { NeuralEngine } from './engines/neural/engine.ts';
export { NeuralPool, type ModelJobBody } from './engines/neural/pool.ts';
export { plainCode } from './engines/neural/langcodes.ts';
export type { TranslationEngine } from './engines/types.ts';
