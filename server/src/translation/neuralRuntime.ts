/**
 * What other features may use of the neural engine (voice/neural runs Whisper and Piper in the same
 * worker pool): the pool, the engine (to find its pool), the language code mapping, and how a model folder's files are read.
 */
export { NeuralEngine } from './engines/neural/engine.ts';
export { NeuralPool, type ModelJobBody } from './engines/neural/pool.ts';
export { plainCode } from './engines/neural/langcodes.ts';
export { onnxFile, readJson } from './engines/neural/catalog.ts';
export type { TranslationEngine } from './engines/types.ts';
