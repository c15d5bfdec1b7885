import { abortError, EngineError } from '../../platform/errors.ts';

/**
 * Engine calls of one turn that can share a request (same direction, same format) go as one: a provider that takes a
 * list of texts (LibreTranslate's `q` array, DeepL's `text` list) translates them in one pass and one round trip. A
 * group message read in four languages, with ten members writing at once, is forty calls of a few words each;
 * batched, it is about four. Nothing waits on a timer: calls made in the same turn of the event loop meet.
 *
 * Each caller keeps its own signal: one that gives up is answered at once (its text's result is dropped); the shared
 * request is cancelled only when every caller of it has given up. A batch the provider refuses as a request
 * (`bad_request`: a character or batch limit of the server) is sent again text by text, so a limit costs one round
 * trip more and never a translation; any other failure (network, 5xx, timeout) is every caller's, each retried by
 * the router as before.
 */
export class CallBatch<In, Out> {
  private pending = new Map<string, { item: In; signal: AbortSignal; resolve: (out: Out) => void; reject: (err: unknown) => void }[]>();
  private scheduled = false;

  constructor(
    private readonly engine: string,
    /** One request for these items (same key), answering one result per item in their order. */
    private readonly send: (items: In[], signal: AbortSignal) => Promise<Out[]>,
    private readonly limits: { maxItems: number; maxChars: number; chars: (item: In) => number },
  ) {}

  call(key: string, item: In, signal: AbortSignal): Promise<Out> {
    if (signal.aborted) return Promise.reject(abortError(this.engine, signal));
    return new Promise((resolve, reject) => {
      let list = this.pending.get(key);
      if (!list) this.pending.set(key, (list = []));
      list.push({ item, signal, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const lists = [...this.pending.values()];
    this.pending.clear();
    for (const list of lists) {
      for (const chunk of this.chunks(list)) void this.run(chunk);
    }
  }

  /** Split by the item and character limits (an item larger than maxChars goes alone). */
  private chunks<T extends { item: In }>(list: T[]): T[][] {
    const out: T[][] = [];
    let current: T[] = [];
    let chars = 0;
    for (const entry of list) {
      const size = this.limits.chars(entry.item);
      if (current.length && (current.length >= this.limits.maxItems || chars + size > this.limits.maxChars)) {
        out.push(current);
        current = [];
        chars = 0;
      }
      current.push(entry);
      chars += size;
    }
    if (current.length) out.push(current);
    return out;
  }

  private async run(chunk: { item: In; signal: AbortSignal; resolve: (out: Out) => void; reject: (err: unknown) => void }[]): Promise<void> {
    if (chunk.length === 1) {
      const [only] = chunk;
      return this.send([only!.item], only!.signal).then(([out]) => only!.resolve(out as Out), only!.reject);
    }
    // The shared request ends when its last caller gives up; each caller that gives up is answered at once.
    const shared = new AbortController();
    let waiting = chunk.length;
    const settled = new Set<number>();
    const cleanups = chunk.map((entry, i) => {
      const onAbort = () => {
        if (settled.has(i)) return;
        settled.add(i);
        entry.reject(abortError(this.engine, entry.signal));
        if (--waiting === 0) shared.abort(entry.signal.reason);
      };
      if (entry.signal.aborted) queueMicrotask(onAbort);
      else entry.signal.addEventListener('abort', onAbort, { once: true });
      return () => entry.signal.removeEventListener('abort', onAbort);
    });
    const finish = (i: number, settle: () => void) => {
      if (settled.has(i)) return;
      settled.add(i);
      settle();
    };
    try {
      const outs = await this.send(chunk.map((c) => c.item), shared.signal);
      chunk.forEach((entry, i) => finish(i, () => entry.resolve(outs[i] as Out)));
    } catch (err) {
      if (err instanceof EngineError && err.code === 'bad_request') {
        // A limit of the server (characters, texts per request): each text on its own.
        await Promise.all(chunk.map((entry, i) => settled.has(i) ? undefined
          : this.send([entry.item], entry.signal).then(([out]) => finish(i, () => entry.resolve(out as Out)), (e: unknown) => finish(i, () => entry.reject(e)))));
      } else {
        chunk.forEach((entry, i) => finish(i, () => entry.reject(err)));
      }
    } finally {
      cleanups.forEach((cleanup) => cleanup());
    }
  }
}
