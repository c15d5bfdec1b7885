import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider, the certified Node implementation) for tests and the e2e scenario:
 * discovery, JWKS, real signed ID tokens, and plain HTML login and consent pages (no dev interactions) that a
 * browser fills in and that `authorize()` drives over HTTP with a cookie jar.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

export interface TestIdp {
  issuer: string;
  /** Accounts by login name (the subject is the login name). */
  accounts: Map<string, TestAccount>;
  /**
   * The next ID token the token endpoint answers is rewritten: its claims changed and signed again with the
   * issuer's own key (a real token for another audience, an expired one), or with a key the issuer never published.
   */
  tamperNextIdToken(change: (claims: JWTPayload) => JWTPayload, options?: { foreignKey?: boolean }): void;
  /** Follow an authorization URL as `login` through the login and consent pages; the redirect back to the app. */
  authorize(url: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export interface TestIdpOptions {
  port?: number;
  clients: ClientMetadata[];
  /** Unknown login names become accounts (login@example.com, verified): the e2e scenario's provider. */
  autoAccounts?: boolean;
}

const KID = 'test-key';

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  let tamper: { change: (claims: JWTPayload) => JWTPayload; foreignKey: boolean } | null = null;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const account = (login: string): TestAccount | undefined => {
    if (!accounts.has(login) && options.autoAccounts && /^[\w.-]{2,40}$/.test(login)) {
      accounts.set(login, { email: `${login}@example.com`, email_verified: true, preferred_username: login, name: login });
    }
    return accounts.get(login);
  };

  const provider = new Provider(issuer, {
    clients: options.clients,
    jwks: { keys: [jwk] },
    cookies: { keys: ['parley-test-idp-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const found = account(id);
      return found ? { accountId: id, claims: () => ({ sub: id, ...found }) } : undefined;
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 3600 },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><h1 data-testid="idp-error">${escape(String(out.error))}</h1><p>${escape(String(out.error_description ?? ''))}</p>`;
    },
  });
  // The test's rewrite of the next ID token, after the token endpoint answered.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (tamper && ctx.path === '/token' && body && typeof body === 'object' && typeof body.id_token === 'string') {
      const { change, foreignKey } = tamper;
      tamper = null;
      const claims = change(decodeJwt(body.id_token));
      ctx.body = { ...body, id_token: await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(foreignKey ? foreign.privateKey : privateKey) };
    }
  });
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/(login|confirm))?$/.exec(req.url?.split('?')[0] ?? '');
    if (!match) return void callback(req, res);
    interaction(req, res, match[3]).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, step: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const page = (html: string) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Test IdP</title></head><body style="font-family:sans-serif;max-width:24rem;margin:3rem auto">${html}</body></html>`);
    };
    if (!step) {
      if (details.prompt.name === 'login') {
        return page(`<h1>Test IdP: sign in</h1><form method="post" action="/interaction/${details.uid}/login" data-prompt="login">
          <label>Username <input name="login" autofocus></label> <button type="submit">Sign in to Test IdP</button></form>`);
      }
      const client = String(details.params.client_id);
      return page(`<h1>Test IdP: consent</h1><p>${escape(client)} asks for your name and e-mail address.</p>
        <form method="post" action="/interaction/${details.uid}/confirm" data-prompt="consent"><button type="submit">Allow</button></form>`);
    }
    const form = new URLSearchParams(await readBody(req));
    if (step === 'login') {
      const login = form.get('login') ?? '';
      if (!account(login)) return page(`<p>Unknown user</p>`);
      return provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    }
    const { prompt, params, session, grantId } = details;
    const grant = grantId ? await provider.Grant.find(grantId) : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
    const saved = await grant!.save();
    return provider.interactionFinished(req, res, { consent: { grantId: saved } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    accounts,
    tamperNextIdToken(change, tamperOptions = {}) {
      tamper = { change, foreignKey: tamperOptions.foreignKey ?? false };
    },
    async authorize(url, login) {
      const jar = new Map<string, string>();
      const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const keep = (res: Response) => {
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
        }
      };
      let next = new URL(url);
      let init: RequestInit = {};
      for (let hop = 0; hop < 20; hop++) {
        const res = await fetch(next, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookie() } });
        keep(res);
        init = {};
        const location = res.headers.get('location');
        if (location) {
          next = new URL(location, next);
          if (next.origin !== issuer) return next;
          continue;
        }
        const html = await res.text();
        const action = /<form method="post" action="([^"]+)" data-prompt="(\w+)"/.exec(html);
        if (!action) throw new Error(`test IdP: unexpected page ${res.status} ${html.slice(0, 300)}`);
        next = new URL(action[1]!, issuer);
        const body = action[2] === 'login' ? new URLSearchParams({ login }).toString() : '';
        init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      }
      throw new Error('test IdP: too many redirects');
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').slice(0, 10_000);
}
