import type { IncomingHttpHeaders } from 'node:http';
import { startHttpStub } from '../../platform/testing/httpStub.ts';

/**
 * Local HTTP servers on 127.0.0.1 (random port) speaking the documented protocols of the
 * translation providers, for contract tests. Each request is recorded; `script` decides answers:
 * a queued failure (status, Retry-After, or a hang) is used first, then the provider's normal answer.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer (the client's timeout must fire). */
  hang?: boolean;
  /** Answer after this long (a slow engine). */
  delayMs?: number;
}

export type Handler = (request: RecordedRequest) => Answer;

export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  /** Answers used (in order) before the normal handler. */
  script: Answer[];
  /** Forget recorded requests and queued answers (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startFake(handler: Handler): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const script: Answer[] = [];
  const stub = await startHttpStub((raw, res) => {
    const text = raw.body.toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    const url = new URL(raw.url || '/', 'http://127.0.0.1');
    const recorded = { method: raw.method || 'GET', path: url.pathname, query: url.searchParams, headers: raw.headers, body };
    requests.push(recorded);
    const answer = script.shift() ?? handler(recorded);
    if (answer.hang) return;
    const reply = () => {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    };
    if (answer.delayMs) setTimeout(reply, answer.delayMs);
    else reply();
  });
  return {
    url: stub.origin,
    requests,
    script,
    reset() {
      requests.length = 0;
      script.length = 0;
    },
    close: stub.close,
  };
}

/** A fake "translation": marks the text with the target so tests can tell who translated what. */
export const fakeTranslation = (target: string, text: string) => `[${target}] ${text}`;

type Json = Record<string, unknown>;

/** OpenAI chat completions: POST /v1/chat/completions with a Bearer key. */
export function openAiHandler(apiKey: string): Handler {
  return (req) => {
    if (req.path.endsWith('/models')) return { status: 200, body: { object: 'list', data: [{ id: 'test-model', object: 'model' }] } };
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } };
    }
    const body = req.body as { model?: string; messages?: { role: string; content: string }[] };
    const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
    const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
    const target = /to [A-Za-z ]+ \((\w+)\)/.exec(system)?.[1] ?? '??';
    return {
      status: 200,
      body: {
        id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: fakeTranslation(target, user) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    };
  };
}

/**
 * DeepL v2: POST /v2/translate, `Authorization: DeepL-Auth-Key KEY`, JSON {text: [...], target_lang, ...};
 * POST /v2/glossaries {name, source_lang, target_lang, entries (TSV), entries_format} -> {glossary_id}.
 * A translation with a glossary_id (which needs source_lang) replaces the glossary's phrases first.
 */
export function deeplHandler(apiKey: string): Handler {
  const glossaries = new Map<string, { source: string; target: string; entries: [string, string][] }>();
  return (req) => {
    if (req.headers.authorization !== `DeepL-Auth-Key ${apiKey}`) return { status: 403, body: { message: 'Authorization failure, check auth_key' } };
    if (req.path === '/v2/usage') return { status: 200, body: { character_count: 180, character_limit: 500000 } };
    if (req.path === '/v2/glossaries' && req.method === 'POST') {
      const g = req.body as Json;
      if (typeof g.name !== 'string' || typeof g.source_lang !== 'string' || typeof g.target_lang !== 'string' || typeof g.entries !== 'string' || g.entries_format !== 'tsv') {
        return { status: 400, body: { message: 'Invalid glossary' } };
      }
      const entries = g.entries.split('\n').map((line) => line.split('\t') as [string, string]);
      const id = `glossary-${glossaries.size + 1}`;
      glossaries.set(id, { source: g.source_lang, target: g.target_lang, entries });
      return { status: 201, body: { glossary_id: id, name: g.name, ready: true, source_lang: g.source_lang, target_lang: g.target_lang, entry_count: entries.length } };
    }
    if (req.path !== '/v2/translate' || req.method !== 'POST') return { status: 404, body: { message: 'Not found' } };
    const body = req.body as Json;
    const texts = body.text;
    if (!Array.isArray(texts) || typeof body.target_lang !== 'string') return { status: 400, body: { message: "Value for 'target_lang' not supported." } };
    const glossary = typeof body.glossary_id === 'string' ? glossaries.get(body.glossary_id) : undefined;
    if (body.glossary_id !== undefined && (!glossary || typeof body.source_lang !== 'string')) return { status: 400, body: { message: 'Invalid glossary_id or missing source_lang' } };
    const apply = (t: string) => (glossary ? glossary.entries.reduce((acc, [from, to]) => acc.split(from).join(to), t) : t);
    return {
      status: 200,
      body: {
        translations: texts.map((t) => ({
          detected_source_language: typeof body.source_lang === 'string' ? body.source_lang : 'EN',
          text: fakeTranslation(String(body.target_lang), apply(String(t))),
        })),
      },
    };
  };
}

/**
 * LibreTranslate: POST /translate {q, source, target, format, api_key?} -> {translatedText, detectedLanguage?}; q a text
 * or a list. `batchLimit`: more texts in one request are refused with 400, as a server started with --batch-limit does.
 */
export function libreHandler(options: { apiKey?: string; languages?: { code: string; name: string; targets: string[] }[]; batchLimit?: number } = {}): Handler {
  return (req) => {
    if (req.path === '/languages') return { status: 200, body: options.languages ?? [] };
    const body = req.body as Json;
    if (options.apiKey && body.api_key !== options.apiKey) {
      return { status: 403, body: { error: 'Invalid API key' } };
    }
    const { q, target } = body;
    // q is a text or a list of texts (answered as a list, as LibreTranslate does).
    const texts = Array.isArray(q) ? q : [q];
    if (texts.length === 0 || texts.some((t) => typeof t !== 'string') || typeof target !== 'string') return { status: 400, body: { error: 'Invalid request: missing q parameter' } };
    if (options.batchLimit !== undefined && texts.length > options.batchLimit) {
      return { status: 400, body: { error: `Invalid request: request (${texts.length}) exceeds text limit (${options.batchLimit})` } };
    }
    const detection = { confidence: 90, language: 'en' };
    const translated = texts.map((t) => fakeTranslation(target, String(t)));
    const detected = body.source === 'auto' ? { detectedLanguage: Array.isArray(q) ? texts.map(() => detection) : detection } : {};
    return { status: 200, body: { ...detected, translatedText: Array.isArray(q) ? translated : translated[0] } };
  };
}
