import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import type { AuthLimits } from '../src/auth/rateLimits.ts';
import type { ChatTranslator } from '../src/chat/types.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { connectDb, type DbHandle } from '../src/db/connect.ts';
import { ADMIN_URL, adminQuery, copyPgliteTemplate, POSTGRES_TEMPLATE_ENV } from './templateDatabase.ts';

/** Which backend the suite runs on: TEST_DB=pglite (default) or postgres. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  /** What a spawned server process needs to use this database (DATABASE_URL or DATA_DIR). */
  serverEnv: Record<string, string>;
  /** Opens a fresh connection to the same database (to test restarts). */
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file: a random PostgreSQL database, or a PGlite directory. It starts as a
 * copy of the run's migrated template (server/test/templateDatabase.ts) unless `fresh` asks for a brand-new,
 * empty one (tests of what nodes do on a new database), or no template was made (outside the vitest projects).
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres' = TEST_DB, options: { fresh?: boolean } = {}): Promise<TestDatabase> {
  if (kind === 'postgres') {
    const name = `parley_test_${randomBytes(6).toString('hex')}`;
    const template = options.fresh ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
    await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      serverEnv: { DATABASE_URL: url.toString() },
      open: () => connectDb({ databaseUrl: url.toString() }),
      drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-pglite-'));
  if (!options.fresh) copyPgliteTemplate(path.join(dir, 'pgdata'));
  return {
    serverEnv: { DATA_DIR: dir },
    open: () => connectDb({ pgliteDir: path.join(dir, 'pgdata') }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A database of its own for the calling file or describe block: opened before its tests,
 * closed and dropped after them (register it before hooks that use it).
 */
export function useTestDatabase(): () => DbHandle {
  let testDb: TestDatabase | undefined;
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    handle = await testDb.open();
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });
  return () => {
    if (!handle) throw new Error('test database is not open yet');
    return handle;
  };
}

export const GENEROUS_LIMITS: AuthLimits = {
  signInPerAccount: 1000, signInPerAddress: 1000, signUpPerAccount: 1000, signUpPerAddress: 1000, windowSeconds: 60,
};

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: DbHandle;
  clock: { now: Date; advance(ms: number): void };
  /** http://127.0.0.1:<port> when started with `listen` (sockets, fetch); '' otherwise. */
  base: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  authLimits?: AuthLimits;
  testDb?: TestDatabase;
  chatTranslator?: ChatTranslator;
  sendsPer10s?: number;
  translationJobs?: AppDeps['translationJobs'];
  /** A translation service of the test's own (closed by the test). */
  translation?: AppDeps['translation'];
  mail?: AppDeps['mail'];
  mailLimits?: AppDeps['mailLimits'];
  /**
   * app.inject adds `Sec-Fetch-Site: same-origin` (as the browser does on the app's own page)
   * unless the request sets Origin or Sec-Fetch-Site itself; false sends exactly what the test says.
   */
  browserHeaders?: boolean;
  /** Node heartbeat interval, and whether this node is the database's only one. */
  heartbeat?: AppDeps['heartbeat'];
  /** Web push tuning (translation wait, poll interval, retries). */
  push?: AppDeps['push'];
  /** Webhook tuning and the integrations switch (issue 35). */
  webhooks?: AppDeps['webhooks'];
  integrationsAllowed?: AppDeps['integrationsAllowed'];
  /** Link preview limits, poll interval, resolver (issue 36 item 3). */
  linkPreviews?: AppDeps['linkPreviews'];
  schedules?: AppDeps['schedules'];
  /** Where mailed-link requests run their after-answer work (a test may hold it). */
  afterReply?: AppDeps['afterReply'];
  /** The app's database as the app sees it (a test may add a Kysely plugin that records queries). */
  wrapDb?: (db: DbHandle['db']) => DbHandle['db'];
  /** Listen on a port of its own (for sockets and fetch): its address is `base`. */
  listen?: boolean;
  /** Told of every route the app adds (the OpenAPI coverage test). */
  onRoute?: AppDeps['onRoute'];
}

/** A full app on its own database and data directory, with a clock the test moves. */
export async function getTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-data-'));
  const ownDb = !options.testDb;
  const testDb = options.testDb ?? (await createTestDatabase());
  const database = await testDb.open();
  // The start-up translation self-check (every Apertium mode) is tested on its own: off by default here.
  const config = loadConfig({
    DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web'), TRANSLATION_SELF_CHECK: 'off', ...options.env,
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config, database: options.wrapDb ? { ...database, db: options.wrapDb(database.db) } : database, logger: false,
    now: () => clock.now,
    authLimits: options.authLimits ?? GENEROUS_LIMITS,
    chatTranslator: options.chatTranslator,
    sendsPer10s: options.sendsPer10s ?? 1000,
    translationJobs: options.translationJobs,
    heartbeat: options.heartbeat,
    translation: options.translation,
    mail: options.mail,
    mailLimits: options.mailLimits,
    push: options.push,
    webhooks: options.webhooks,
    linkPreviews: options.linkPreviews,
    ...(options.integrationsAllowed ? { integrationsAllowed: options.integrationsAllowed } : {}),
    schedules: options.schedules,
    afterReply: options.afterReply,
    onRoute: options.onRoute,
  });
  await app.ready();
  if (options.browserHeaders !== false) actAsSameOriginBrowser(app);
  let base = '';
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }
  return {
    app, config, database, clock, base,
    close: async () => {
      await app.close();
      await database.close();
      if (ownDb) await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test server of the calling file or describe block: started before its tests, closed after them. The handle
 * reads the running server (`s.app`, `s.base`...); `options` may be a function, read when the server starts (after
 * the hooks registered before this one).
 */
export function useTestServer(options: TestServerOptions | (() => TestServerOptions) = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await getTestServer(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => server?.close());
  const running = () => {
    if (!server) throw new Error('the test server starts in beforeAll');
    return server;
  };
  return {
    get app() { return running().app; },
    get config() { return running().config; },
    get database() { return running().database; },
    get clock() { return running().clock; },
    get base() { return running().base; },
    close: () => running().close(),
  };
}

let counter = 0;
export function uniqueUser(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${counter}${randomBytes(3).toString('hex')}`;
  return { username: id, email: `${id}@example.com`, password: 'correct horse battery' };
}

/** Sign up and sign in; returns the cookie header to send as that user. */
export async function signUpAndIn(app: FastifyInstance, user = uniqueUser()) {
  const up = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: user });
  if (up.statusCode !== 201) throw new Error(`sign-up failed: ${up.body}`);
  const cookie = await signIn(app, user.email, user.password);
  return { ...user, id: (up.json() as { user: { id: string } }).user.id, cookie };
}

/** signUpAndIn, then the profile's language set: a person who reads `language`. */
export async function signUpSpeaking(app: FastifyInstance, language: string, user = uniqueUser()) {
  const person = await signUpAndIn(app, user);
  const res = await app.inject({ method: 'PATCH', url: '/api/profile', payload: { language }, headers: { cookie: person.cookie } });
  if (res.statusCode !== 200) throw new Error(`setting the language failed: ${res.body}`);
  return person;
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const c = res.cookies[0];
  if (!c) throw new Error('no session cookie');
  return `${c.name}=${c.value}`;
}

/** Requests from the test act as the app's own page: Sec-Fetch-Site same-origin, unless the test sets Origin or Sec-Fetch-Site. */
function actAsSameOriginBrowser(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  (app as { inject: unknown }).inject = (opts: InjectOptions | string) => {
    const options: InjectOptions = typeof opts === 'string' ? { url: opts } : opts;
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (!('origin' in headers) && !('sec-fetch-site' in headers)) headers['sec-fetch-site'] = 'same-origin';
    return inject({ ...options, headers });
  };
}
