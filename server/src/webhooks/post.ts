import http from 'node:http';
import https from 'node:https';
import { parseRetryAfter } from '../platform/http.ts';
import { judgeOutboundUrl, publicOnlyLookup } from '../platform/outbound.ts';

export type PostResult =
  | { ok: true; status: number }
  | { ok: false; status: number | null; reason: string; retryAfterMs?: number | undefined };

export interface PostOptions {
  /** WEBHOOK_ALLOWED_ORIGINS: origins on the operator's own network (http allowed, no address checks). */
  allowedOrigins: ReadonlySet<string>;
  timeoutMs: number;
  /** The most of an answer read (the rest is dropped with the connection). */
  maxResponseBytes?: number;
}

/**
 * One delivery POST through the outgoing-request guard (platform/outbound.ts): https on public addresses only, the
 * address dialled checked again (publicOnlyLookup: a name re-pointed at a private address after the check fails),
 * redirects not followed (a 3xx is a failure), a time limit on the whole exchange and a size limit on the answer.
 * An origin in `allowedOrigins` skips the address checks (and may be plain http).
 */
export async function postJson(url: string, body: string, headers: Record<string, string>, o: PostOptions): Promise<PostResult> {
  const refusal = await judgeOutboundUrl(url, { allowedOrigins: o.allowedOrigins });
  if (refusal) return { ok: false, status: null, reason: `refused: ${refusal === 'not_public' ? 'not a public address' : refusal}` };
  const target = new URL(url);
  const allowed = o.allowedOrigins.has(target.origin);
  const client = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? (allowed ? agents.httpsAllowed : agents.httpsPublic) : agents.httpAllowed;
  const limit = o.maxResponseBytes ?? 64 * 1024;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const done = (r: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(target, {
      method: 'POST', agent,
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'User-Agent': 'Parley-Webhook/1' },
    }, (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > limit) req.destroy(new Error('answer too large'));
      });
      res.on('end', () => {
        if (status >= 200 && status < 300) return done({ ok: true, status });
        const retryAfter = res.headers['retry-after'];
        done({ ok: false, status, reason: status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`, retryAfterMs: parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : null) });
      });
      res.on('error', (err) => done({ ok: false, status, reason: err.message }));
    });
    // The whole exchange, not only idle time: a receiver trickling bytes cannot hold a worker.
    const timer = setTimeout(() => req.destroy(new Error('timed out')), o.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => done({ ok: false, status: null, reason: err.code === 'EPRIVATE' ? 'refused: not a public address' : err.message }));
    req.end(body);
  });
}

const agents = {
  httpsPublic: new https.Agent({ keepAlive: true, maxSockets: 16, lookup: publicOnlyLookup as never }),
  httpsAllowed: new https.Agent({ keepAlive: true, maxSockets: 16 }),
  httpAllowed: new http.Agent({ keepAlive: true, maxSockets: 16 }),
};
