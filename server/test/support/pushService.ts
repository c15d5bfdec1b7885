import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types: decrypt(buffer, {version, privateKey, dh?, authSecret}) -> Buffer
import ece from 'http_ece';

/** One push as the phone would get it: decrypted, with the headers the push service saw. */
export interface ReceivedPush {
  subscription: string;
  payload: { v: number; kind: string; roomId: string; title: string; body: string; tag: string; messageId?: string };
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
}

export interface TestSubscription {
  id: string;
  /** What the browser's PushSubscription.toJSON() gives. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

type Mode = { kind: 'ok' } | { kind: 'status'; status: number; retryAfter?: string };

const b64u = (b: Buffer) => b.toString('base64url');

/**
 * A push service in the test process speaking RFC 8030 over HTTP: it checks each request's VAPID
 * JWT (RFC 8292: ES256 signed by the key in `k`, which must be the server's public key; aud = this
 * origin; exp in the future and within 24 h; a sub) and decrypts the aes128gcm payload (RFC 8291)
 * with the subscription's private key and auth secret, so a test asserts what the device would show.
 * Modes: accept (201), answer a status (503 with Retry-After, 429, 410...), or be down (stop()).
 */
export class PushService {
  readonly received: ReceivedPush[] = [];
  /** Requests refused by the service (bad JWT, wrong key, undecryptable body): none expected. */
  readonly rejected: string[] = [];
  /** Every request seen, accepted or not (answered with a mode's status included). */
  attempts = 0;
  private readonly subs = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  private modes: Mode[] = [];
  /** Answers for one subscription's next requests (answerFor), before the shared ones. */
  private readonly modesFor = new Map<string, Mode[]>();
  private server: Server | undefined;
  private port = 0;
  private waiters: (() => void)[] = [];

  /** `port`: 0 for any free one (the e2e run gives it a fixed one that PUSH_ALLOWED_ORIGINS names). */
  constructor(private readonly serverPublicKey: () => string, port = 0) {
    this.port = port;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req).then(([status, headers]) => res.writeHead(status, headers).end(), () => res.writeHead(500).end()));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Down: connections are refused until start() again (same port). */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise<void>((resolve) => { s.close(() => resolve()); s.closeAllConnections(); });
  }

  subscribe(): TestSubscription {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subs.set(id, { ecdh, auth, gone: false });
    return { id, json: { endpoint: `${this.origin}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } } };
  }

  /** The subscription was dropped by the browser: 410 Gone from now on. */
  expire(id: string): void {
    const sub = this.subs.get(id);
    if (sub) sub.gone = true;
  }

  /** Answer the next `times` requests with this status (then accept again). */
  answer(status: number, times: number, retryAfter?: string): void {
    for (let i = 0; i < times; i++) this.modes.push({ kind: 'status', status, ...(retryAfter ? { retryAfter } : {}) });
  }

  /** Answer the next `times` requests to subscription `id` with this status (the other subscriptions are not affected). */
  answerFor(id: string, status: number, times: number, retryAfter?: string): void {
    const modes = this.modesFor.get(id) ?? [];
    for (let i = 0; i < times; i++) modes.push({ kind: 'status', status, ...(retryAfter ? { retryAfter } : {}) });
    this.modesFor.set(id, modes);
  }

  for(id: string): ReceivedPush[] {
    return this.received.filter((p) => p.subscription === id);
  }

  /** Until `count` pushes reached subscription `id` (polls; generous limit). */
  async waitFor(id: string, count = 1, timeoutMs = 30_000): Promise<ReceivedPush[]> {
    const until = Date.now() + timeoutMs;
    while (this.for(id).length < count) {
      if (Date.now() > until) throw new Error(`push ${count} for ${id} did not arrive (got ${this.for(id).length}; rejected: ${this.rejected.join('; ')})`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 100);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
    return this.for(id);
  }

  private async handle(req: IncomingMessage): Promise<[number, Record<string, string>]> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    this.attempts += 1;
    const id = /^\/push\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1];
    const sub = id ? this.subs.get(id) : undefined;
    if (!id || !sub) return [404, {}];
    const mode = this.modesFor.get(id)?.shift() ?? this.modes.shift();
    if (mode?.kind === 'status') return [mode.status, mode.retryAfter ? { 'retry-after': mode.retryAfter } : {}];
    if (sub.gone) return [410, {}];
    const problem = this.checkVapid(req.headers.authorization);
    if (problem) {
      this.rejected.push(problem);
      return [403, {}];
    }
    if (req.headers['content-encoding'] !== 'aes128gcm') {
      this.rejected.push(`content-encoding ${req.headers['content-encoding']}`);
      return [415, {}];
    }
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl)) {
      this.rejected.push('no TTL');
      return [400, {}];
    }
    let payload: ReceivedPush['payload'];
    try {
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: b64u(sub.auth) }) as Buffer;
      payload = JSON.parse(plain.toString('utf8')) as ReceivedPush['payload'];
    } catch (err) {
      this.rejected.push(`decrypt: ${(err as Error).message}`);
      return [400, {}];
    }
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
    this.received.push({ subscription: id, payload, ttl, urgency: header('urgency'), topic: header('topic') });
    for (const w of this.waiters.splice(0)) w();
    return [201, { location: `${this.origin}/message/${randomUUID()}` }];
  }

  /** RFC 8292: Authorization: vapid t=<JWT>, k=<public key>. An error message, or undefined when valid. */
  private checkVapid(authorization: string | undefined): string | undefined {
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!m?.[1] || !m[2]) return `authorization header: ${authorization}`;
    const [jwt, k] = [m[1], m[2]];
    if (k !== this.serverPublicKey()) return 'k is not the server\'s VAPID public key';
    const [h, p, s] = jwt.split('.');
    if (!h || !p || !s) return 'malformed JWT';
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
    if (header.alg !== 'ES256') return `alg ${header.alg}`;
    const point = Buffer.from(k, 'base64url');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: 'jwk' });
    if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) return 'bad JWT signature';
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
    if (claims.aud !== this.origin) return `aud ${claims.aud}`;
    const now = Date.now() / 1000;
    if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3_600 + 60) return `exp ${claims.exp}`;
    if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return `sub ${claims.sub}`;
    return undefined;
  }
}
