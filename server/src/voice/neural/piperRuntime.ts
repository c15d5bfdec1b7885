import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import type { PiperVoice } from './catalog.ts';

/**
 * One Piper voice (VITS exported to ONNX) in onnxruntime-node, inside a worker thread of the neural
 * pool: phoneme ids in, float samples at the voice's rate out. Inputs as Piper exports them:
 * input [1, N] int64, input_lengths [1] int64, scales [3] float32 (noise, length, noise_w), and sid
 * [1] int64 for voices of several speakers (the first speaker is used).
 */
export class LoadedPiper {
  private constructor(
    readonly info: PiperVoice,
    private readonly session: ort.InferenceSession,
    private readonly scales: [number, number, number],
  ) {}

  static async load(info: PiperVoice, threads = 0): Promise<LoadedPiper> {
    const config = JSON.parse(readFileSync(info.configFile, 'utf8')) as { inference?: Record<string, unknown> };
    const scale = (name: string, fallback: number) => {
      const v = Number(config.inference?.[name]);
      return Number.isFinite(v) && v > 0 ? v : fallback;
    };
    const session = await ort.InferenceSession.create(info.onnxFile, {
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'all',
      ...(threads > 0 ? { intraOpNumThreads: threads, interOpNumThreads: 1 } : {}),
    });
    for (const name of ['input', 'input_lengths', 'scales']) {
      if (!session.inputNames.includes(name)) {
        await session.release();
        throw new Error(`${info.id}.onnx has no input "${name}" (not a Piper voice)`);
      }
    }
    return new LoadedPiper(info, session, [scale('noise_scale', 0.667), scale('length_scale', 1), scale('noise_w', 0.8)]);
  }

  async release(): Promise<void> {
    await this.session.release();
  }

  async synthesize(ids: number[]): Promise<Float32Array> {
    const feeds: Record<string, ort.Tensor> = {
      input: new ort.Tensor('int64', BigInt64Array.from(ids.map(BigInt)), [1, ids.length]),
      input_lengths: new ort.Tensor('int64', BigInt64Array.from([BigInt(ids.length)]), [1]),
      scales: new ort.Tensor('float32', Float32Array.from(this.scales), [3]),
    };
    if (this.session.inputNames.includes('sid')) feeds.sid = new ort.Tensor('int64', BigInt64Array.from([0n]), [1]);
    const out = await this.session.run(feeds);
    const audio = out.output ?? Object.values(out)[0]!;
    if (audio.type !== 'float32') throw new Error(`${this.info.id}.onnx gave ${audio.type} audio, not float32`);
    return Float32Array.from(audio.data as Float32Array);
  }
}
