import http from 'node:http';
import https from 'node:https';
import { judgeOutboundUrl, publicOnlyLookup, type OutboundOptions } from '../platform/outbound.ts';

export interface FetchLimits {
  /** LINK_PREVIEW_ALLOWED_ORIGINS (and a test's resolver): the outgoing-request guard's options. */
  guard: OutboundOptions;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Content types accepted (the media type before any ";"). */
  accept: (contentType: string) => boolean;
}

export type Fetched =
  | { ok: true; url: string; contentType: string; body: Buffer }
  | { ok: false; problem: FetchProblem };

/** Why a page or image was not taken: kept on the cache row (never shown to users as such). */
export type FetchProblem = 'refused' | 'too_many_redirects' | 'timeout' | 'too_large' | 'wrong_type' | 'http_error' | 'network';

const USER_AGENT = 'Mozilla/5.0 (compatible; Parley link preview; +https://github.com/parley)';

/**
 * One GET through the outgoing-request guard (platform/outbound.ts), as webhooks' and push's requests: every URL,
 * the first and each redirect's, judged (https on public addresses only, unless its origin is allowed), the address
 * actually dialled checked again (publicOnlyLookup), at most `maxRedirects` redirects, one time limit for the whole
 * exchange, at most `maxBytes` read (a longer answer is cut off and refused), only the accepted content types. No
 * cookie is sent or kept (no jar: a Set-Cookie is ignored), no credentials, a plain User-Agent naming Parley.
 */
export async function guardedGet(url: string, limits: FetchLimits): Promise<Fetched> {
  const deadline = Date.now() + limits.timeoutMs;
  let current = url;
  for (let hop = 0; hop <= limits.maxRedirects; hop += 1) {
    // The name's resolution counts in the time limit too (a resolver that hangs must not hold a worker).
    const judged = await withDeadline(judgeOutboundUrl(current, limits.guard), deadline);
    if (judged === 'timeout') return { ok: false, problem: 'timeout' };
    if (judged) return { ok: false, problem: 'refused' };
    const left = deadline - Date.now();
    if (left <= 0) return { ok: false, problem: 'timeout' };
    const answer = await getOnce(current, limits, left);
    if (answer.kind === 'redirect') {
      if (!URL.canParse(answer.location, current)) return { ok: false, problem: 'http_error' };
      current = new URL(answer.location, current).toString();
      continue;
    }
    return answer.result;
  }
  return { ok: false, problem: 'too_many_redirects' };
}

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

type Answer = { kind: 'redirect'; location: string } | { kind: 'done'; result: Fetched };

function getOnce(url: string, limits: FetchLimits, timeoutMs: number): Promise<Answer> {
  const target = new URL(url);
  const allowed = limits.guard.allowedOrigins.has(target.origin);
  const client = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? (allowed ? agents.httpsAllowed : agents.httpsPublic) : agents.httpAllowed;
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const done = (a: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const fail = (problem: FetchProblem) => done({ kind: 'done', result: { ok: false, problem } });
    const req = client.request(target, {
      method: 'GET', agent,
      headers: { 'User-Agent': USER_AGENT, Accept: 'text/html,application/xhtml+xml,image/*;q=0.8', 'Accept-Encoding': 'identity' },
    }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.resume();
        return done({ kind: 'redirect', location });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return fail('http_error');
      }
      const contentType = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!limits.accept(contentType)) {
        req.destroy();
        return fail('wrong_type');
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) {
        req.destroy();
        return fail('too_large');
      }
      const chunks: Buffer[] = [];
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > limits.maxBytes) {
          req.destroy();
          return fail('too_large');
        }
        chunks.push(chunk);
      });
      res.on('end', () => done({ kind: 'done', result: { ok: true, url, contentType, body: Buffer.concat(chunks) } }));
      res.on('error', () => fail('network'));
    });
    // The time left of the whole exchange, not idle time: a site trickling bytes cannot hold a worker.
    const timer = setTimeout(() => {
      req.destroy();
      fail('timeout');
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => fail(err.code === 'EPRIVATE' ? 'refused' : 'network'));
    req.end();
  });
}

const agents = {
  httpsPublic: new https.Agent({ keepAlive: false, lookup: publicOnlyLookup as never }),
  httpsAllowed: new https.Agent({ keepAlive: false }),
  httpAllowed: new http.Agent({ keepAlive: false }),
};
