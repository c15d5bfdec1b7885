import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The JSON body, once the signature checked out. */
  json: Record<string, unknown> & { event: string; id: string };
  /** Whether the signature and the timestamp were valid (a receiver refuses the rest). */
  verified: boolean;
}

/**
 * A webhook receiver as its README tells one to be written: it reads the raw body, recomputes
 * HMAC-SHA256("<X-Parley-Timestamp>.<body>") with the secret, compares in constant time, and refuses a timestamp
 * more than five minutes from its clock (a replay). `answers` are the status codes it gives, in order (then 200).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answers: number[] = [];
  secret = '';
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verified = verify(this.secret, req.headers, body);
      const status = this.answers.shift() ?? (verified ? 200 : 401);
      this.received.push({ headers: req.headers, body, json: JSON.parse(body), verified });
      res.writeHead(status).end();
    });
  });

  get origin(): string {
    const addr = this.server.address();
    return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  of(event: string): Received[] {
    return this.received.filter((r) => r.json.event === event);
  }
}

export function verify(secret: string, headers: http.IncomingHttpHeaders, body: string, now = Date.now()): boolean {
  const timestamp = Number(headers['x-parley-timestamp']);
  const given = String(headers['x-parley-signature'] ?? '').replace(/^sha256=/, '');
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
