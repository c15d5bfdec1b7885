import type { ModelJobBody } from '../../translation/neuralRuntime.ts';
import type { SpeechInput } from './workerJobs.ts';

/** The worker-side handler of speech jobs, by URL (imported only inside the pool's workers: it loads onnxruntime). */
const SPEECH_HANDLER = new URL('./workerJobs.ts', import.meta.url).href;

export function speechJob(model: ModelJobBody['model'], input: SpeechInput): ModelJobBody {
  return { model, handler: SPEECH_HANDLER, input };
}
