import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A local HTTP server on 127.0.0.1 (random port) that records requests and answers through
 * `handler`: the one stub behind the provider contract tests (translation/testing/fakeProviders.ts),
 * the voice engine tests and the HTTP client's tests.
 */
export async function startHttpStub(handler: (req: RecordedRequest, res: ServerResponse) => void | Promise<void>) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      void handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    /** The origin with OpenAI's /v1 prefix. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Parse a recorded multipart/form-data body with the platform's own parser (undici). */
export function parseMultipart(req: RecordedRequest): Promise<FormData> {
  return new Request('http://stub/', { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: req.body }).formData();
}
