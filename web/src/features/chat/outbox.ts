import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { ChatMessage } from '@parley/common';
import { isApiError } from '../../lib/api.ts';

/** A message written on this device and not yet acknowledged by the server. */
export interface OutboxEntry {
  clientId: string;
  roomId: string;
  senderId: string;
  content: string;
  /** ISO time it was written (shown on the waiting bubble). */
  createdAt: string;
  /** Order of writing on this device; sends go out in this order. */
  seq: number;
  /** Failed attempts so far (0 while the first one is on its way). */
  attempts: number;
  /** The message this one answers (kept with it while it waits). */
  replyTo?: string;
  /** The sender removed the link's preview before sending (waits with the message; the send says linkPreview: false). */
  noLinkPreview?: true;
  /** A file sent as this message (issue 36): its bytes wait on the device with it (IndexedDB keeps Blobs). */
  file?: { blob: Blob; name: string };
}

/** Where entries live: IndexedDB in the browser (idb-keyval), a Map in unit tests. */
export interface OutboxStorage {
  put(entry: OutboxEntry): Promise<void>;
  remove(clientId: string): Promise<void>;
  all(): Promise<OutboxEntry[]>;
}

export function indexedDbStorage(store: UseStore = createStore('parley-outbox', 'messages')): OutboxStorage {
  return {
    put: (entry) => set(entry.clientId, entry, store),
    remove: (clientId) => del(clientId, store),
    all: async () => (await entries<string, OutboxEntry>(store)).map(([, entry]) => entry),
  };
}

export function memoryStorage(): OutboxStorage {
  const map = new Map<string, OutboxEntry>();
  return {
    put: async (entry) => void map.set(entry.clientId, { ...entry }),
    remove: async (clientId) => void map.delete(clientId),
    all: async () => [...map.values()].map((e) => ({ ...e })),
  };
}

/** Network failures, gateway errors, rate limits and server errors are worth another try later. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true; // not even an HTTP answer
  return error.status === 0 || error.status === 429 || error.status === 401 || error.status >= 500;
}

export type OutboxEvent =
  | { type: 'changed' }
  | { type: 'sent'; entry: OutboxEntry; message: ChatMessage }
  /** The server refused it for good (room gone, invalid): it leaves the outbox. */
  | { type: 'rejected'; entry: OutboxEntry; error: unknown };

export interface OutboxOptions {
  senderId: string;
  storage: OutboxStorage;
  send: (entry: OutboxEntry) => Promise<ChatMessage>;
  /** Wait before retry n (1-based) after a transient failure. */
  retryDelayMs?: (attempt: number) => number;
}

/**
 * The device's queue of outgoing messages for one signed-in user. Every send is written to
 * IndexedDB first, then sent one at a time in the order written, with its client id (the server
 * keeps one row per (room, sender, client id), so a send repeated after a lost answer is stored
 * once). A transient failure stops the queue until the retry timer, the network coming back or
 * the socket reopening calls flush() again; nothing is dropped except what the server refuses.
 */
export class Outbox {
  private readonly options: OutboxOptions;
  private readonly listeners = new Set<(event: OutboxEvent) => void>();
  private pending: OutboxEntry[] = [];
  private loaded: Promise<void>;
  private flushing: Promise<void> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(options: OutboxOptions) {
    this.options = options;
    this.loaded = options.storage
      .all()
      .then((all) => {
        const mine = all.filter((e) => e.senderId === options.senderId);
        this.pending = [...mine, ...this.pending].sort((a, b) => a.seq - b.seq);
        this.emit({ type: 'changed' });
      })
      .catch((error: unknown) => console.error('Could not read the outbox', error));
  }

  /** Entries still waiting, oldest first; a new array after every change (a stable snapshot for React). */
  waiting(): readonly OutboxEntry[] {
    return this.pending;
  }

  ready(): Promise<void> {
    return this.loaded;
  }

  subscribe(listener: (event: OutboxEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Keep the message on the device, then try to send it (and anything before it). */
  async add(input: { clientId: string; roomId: string; content: string; createdAt?: string; replyTo?: string | undefined; noLinkPreview?: boolean | undefined; file?: OutboxEntry['file'] }): Promise<OutboxEntry> {
    await this.loaded;
    const last = this.pending.at(-1)?.seq ?? 0;
    const entry: OutboxEntry = {
      clientId: input.clientId, roomId: input.roomId, senderId: this.options.senderId, content: input.content,
      createdAt: input.createdAt ?? new Date().toISOString(), seq: Math.max(Date.now(), last + 1), attempts: 0,
      ...(input.replyTo ? { replyTo: input.replyTo } : {}),
      ...(input.noLinkPreview ? { noLinkPreview: true as const } : {}),
      ...(input.file ? { file: input.file } : {}),
    };
    this.pending = [...this.pending, entry];
    this.emit({ type: 'changed' });
    try {
      await this.options.storage.put(entry);
    } catch (error) {
      console.error('Could not store the message on this device', error); // it is still queued in memory
    }
    void this.flush();
    return entry;
  }

  /** Send what is waiting, in order. Concurrent calls share one run (and trigger one more pass). */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    clearTimeout(this.retryTimer);
    this.flushing = this.run().finally(() => {
      this.flushing = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.flush();
      }
    });
    return this.flushing;
  }

  /** Resume after stop() (React's development double mount) and send what waits. */
  start(): void {
    this.stopped = false;
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
  }

  private async run(): Promise<void> {
    await this.loaded;
    while (!this.stopped) {
      const entry = this.pending[0];
      if (!entry) return;
      try {
        const message = await this.options.send(entry);
        this.emit({ type: 'sent', entry, message }); // the server row first, so the bubble never blinks
        await this.settle(entry);
      } catch (error) {
        if (!isTransient(error)) {
          await this.settle(entry);
          this.emit({ type: 'rejected', entry, error });
          continue;
        }
        const attempts = entry.attempts + 1;
        this.pending = this.pending.map((e) => (e.clientId === entry.clientId ? { ...e, attempts } : e));
        this.emit({ type: 'changed' });
        const delay = (this.options.retryDelayMs ?? defaultDelay)(attempts);
        this.retryTimer = setTimeout(() => void this.flush(), delay);
        return; // later messages wait behind this one: order is kept
      }
    }
  }

  private async settle(entry: OutboxEntry): Promise<void> {
    this.pending = this.pending.filter((e) => e.clientId !== entry.clientId);
    await this.options.storage.remove(entry.clientId).catch((error: unknown) => console.warn('Could not clear a sent message', error));
    this.emit({ type: 'changed' });
  }

  private emit(event: OutboxEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

/** 1 s, 2 s, 4 s ... up to 30 s (the network and socket events usually come first). */
const defaultDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1));
