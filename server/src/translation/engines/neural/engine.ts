import path from 'node:path';
import { languageName, type LanguageCode, type RelationshipContext } from '@parley/common';
import { EngineError } from '../../../platform/errors.ts';
import type { EngineHealth, PairSupport, TranslateInput, TranslateOutput, TranslationEngine } from '../types.ts';
import { discoverModels, type ModelsFolder, type TranslationModel } from './catalog.ts';
import { NeuralPool, type PoolOptions } from './pool.ts';

export interface NeuralOptions {
  /** MODELS_DIR. */
  modelsDir: string;
  /** Worker threads (default 1). */
  workers?: number | undefined;
  /** Loaded models' ONNX size limit per worker (default 3 GB); least recently used ones are unloaded first. */
  memoryMb?: number | undefined;
  /** Unload a model unused this long (default 15 minutes; 0 keeps it). */
  idleMs?: number | undefined;
  /** ORT threads per worker (default 0: ORT's default, one per core). */
  threads?: number | undefined;
  /** A job running longer stops its worker (default 60 s). */
  jobTimeoutMs?: number | undefined;
  /** Beams (default: each model's generation_config.json num_beams). */
  numBeams?: number | undefined;
  /** Most sentences per batch (default 16). */
  maxBatch?: number | undefined;
  /** Most new tokens per sentence (tests of the length limit). */
  maxNewTokens?: number | undefined;
  /** Already read (e.g. by the models command). */
  folder?: ModelsFolder | undefined;
}

export type NeuralRoute =
  | { support: 'direct'; model: TranslationModel }
  | { support: 'pivot'; via: LanguageCode; first: TranslationModel; second: TranslationModel };

/** Sentences of a message, translated one by one (models are trained on sentences), with what separates them kept. */
function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?。！？])(\s+)|(\n+)/u).filter((part) => part !== undefined && part !== '');
}

/**
 * Translation by models from MODELS_DIR (see catalog.ts), run on the CPU by onnxruntime-node in
 * worker threads (pool.ts). Per direction: a per-pair model, else a many-to-many one; else, for
 * pairs without English, two models through English (the pivot).
 */
export class NeuralEngine implements TranslationEngine {
  readonly id = 'neural';
  readonly preferred = true;
  readonly folder: ModelsFolder;
  readonly pool: NeuralPool;
  private readonly direct = new Map<string, TranslationModel>();
  /** Models that failed to load, and why (not served until the server restarts). */
  readonly broken = new Map<string, string>();
  private readonly maxNewTokens: number | undefined;

  constructor(options: NeuralOptions) {
    this.folder = options.folder ?? discoverModels(path.resolve(options.modelsDir));
    this.assign();
    const pool: PoolOptions = {
      workers: options.workers ?? 1,
      memoryBytes: (options.memoryMb ?? 3072) * 1024 * 1024,
      idleMs: options.idleMs ?? 15 * 60_000,
      threads: options.threads ?? 0,
      jobTimeoutMs: options.jobTimeoutMs ?? 60_000,
      maxBatch: options.maxBatch ?? 16,
      numBeams: options.numBeams,
      onLoadFailed: (id, message) => {
        this.broken.set(id, message);
        this.assign();
      },
    };
    this.pool = new NeuralPool(pool);
    this.maxNewTokens = options.maxNewTokens;
  }

  /** Each direction to its model: per-pair models first (the smaller model specialised in it), broken ones left out. */
  private assign(): void {
    this.direct.clear();
    const usable = this.folder.models.filter((m) => !this.broken.has(m.id));
    const ordered = usable.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'per-pair' ? -1 : 1));
    for (const model of ordered) {
      for (const d of model.directions) {
        const key = `${d.source}>${d.target}`;
        if (!this.direct.has(key)) this.direct.set(key, model);
      }
    }
  }

  /** Directions served directly by a model. */
  directions(): { source: LanguageCode; target: LanguageCode; model: string }[] {
    return [...this.direct.entries()].map(([key, model]) => {
      const [source, target] = key.split('>') as [LanguageCode, LanguageCode];
      return { source, target, model: model.id };
    });
  }

  route(source: LanguageCode, target: LanguageCode): NeuralRoute | undefined {
    const model = this.direct.get(`${source}>${target}`);
    if (model) return { support: 'direct', model };
    if (source === 'en' || target === 'en') return undefined;
    const first = this.direct.get(`${source}>en`);
    const second = this.direct.get(`en>${target}`);
    return first && second ? { support: 'pivot', via: 'en', first, second } : undefined;
  }

  supports(source: LanguageCode, target: LanguageCode): PairSupport | null {
    return this.route(source, target)?.support ?? null;
  }

  pivotFor(source: LanguageCode, target: LanguageCode): string | undefined {
    const route = this.route(source, target);
    return route?.support === 'pivot' ? route.via : undefined;
  }

  cacheVariant(_context: RelationshipContext | undefined): string {
    return 'neutral';
  }

  private async run(model: TranslationModel, source: LanguageCode, target: LanguageCode, text: string, signal: AbortSignal): Promise<string> {
    const parts = splitSentences(text);
    const sentences = parts.map((p, i) => ({ p, i })).filter(({ p }) => /\p{L}/u.test(p));
    if (sentences.length === 0) return text;
    const out = await this.pool.translate(model, source, target, sentences.map((s) => s.p.trim()), signal, this.maxNewTokens);
    const result = [...parts];
    sentences.forEach((s, k) => {
      const lead = /^\s*/u.exec(s.p)![0];
      const trail = /\s*$/u.exec(s.p)![0];
      result[s.i] = lead + out[k]! + trail;
    });
    return result.join('');
  }

  async translate(input: TranslateInput): Promise<TranslateOutput> {
    const route = this.route(input.source, input.target);
    if (!route) {
      throw new EngineError(this.id, 'unsupported_pair', `No model for ${languageName(input.source)} -> ${languageName(input.target)} in ${this.folder.dir}`);
    }
    if (route.support === 'direct') return { text: await this.run(route.model, input.source, input.target, input.text, input.signal) };
    const middle = await this.run(route.first, input.source, route.via, input.text, input.signal);
    return { text: await this.run(route.second, route.via, input.target, middle, input.signal) };
  }

  async health(): Promise<EngineHealth> {
    const models = this.folder.models.length;
    const loaded = this.pool.loaded();
    return {
      live: models > 0,
      detail: `${models} model${models === 1 ? '' : 's'} in ${this.folder.dir}, ${this.direct.size} direct direction${this.direct.size === 1 ? '' : 's'}`
        + `${loaded.length ? `; loaded: ${loaded.join(', ')}` : ''}`
        + `${this.broken.size ? `; not loadable: ${[...this.broken].map(([id, why]) => `${id} (${why})`).join(', ')}` : ''}`,
    };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
