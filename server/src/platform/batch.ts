/**
 * Group commit for statements: callers add items one by one, and the items that arrive together go to the database
 * as one statement. Nothing waits on a timer: a lone item goes after one turn of the event loop (the requests and
 * job results read in the same I/O pass meet there), and while a statement is on its way the items that arrive wait
 * and go next, together. Each caller gets its own result. A batch the database refuses as a whole is run again item
 * by item, so one bad item fails only its own caller. Each statement is a system call and a wake-up of the database:
 * the largest part of a message's CPU (docs/PERFORMANCE.md).
 */
export class StatementBatch<In, Out> {
  private waiting: { item: In; resolve: (out: Out) => void; reject: (err: unknown) => void }[] = [];
  private flushing = false;
  /** Statements sent and items asked for: their ratio is the batching's gain (tests and metrics read it). */
  readonly stats = { statements: 0, items: 0 };

  /** `run` answers one result per item, in the items' order. */
  constructor(private readonly run: (items: In[]) => Promise<Out[]>, private readonly maxItems = 64) {}

  add(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      while (this.waiting.length) {
        const batch = this.waiting.splice(0, this.maxItems);
        this.stats.statements += 1;
        this.stats.items += batch.length;
        try {
          const results = await this.run(batch.map((w) => w.item));
          batch.forEach((w, i) => w.resolve(results[i] as Out));
        } catch (err) {
          if (batch.length === 1) batch[0]!.reject(err);
          else await Promise.all(batch.map((w) => this.run([w.item]).then(([out]) => w.resolve(out as Out), w.reject)));
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
