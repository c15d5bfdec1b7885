import path from 'node:path';
import { LIMITS } from '@parley/common';
import { z } from 'zod';
import type { ScanConfig } from './scan/deps.ts';
import { voiceConfigFromEnv, voiceEnvShape, type VoiceConfig } from './voice/config.ts';

/** Every environment variable Parley reads, validated in one place. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(24 * 30),
  EMAIL_CONFIRMATION: z.enum(['off', 'on']).default('off'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  TRANSLATION_ENGINES: z
    .string()
    .default('neural,apertium')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['neural', 'apertium', 'openai', 'deepl', 'libretranslate'])).min(1)),
  MODELS_DIR: z.string().min(1).optional(),
  MODELS_MEMORY_MB: z.coerce.number().positive().default(3072),
  MODELS_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  MODELS_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  MODELS_IDLE_MINUTES: z.coerce.number().min(0).default(15),
  MODELS_BEAMS: z.coerce.number().int().min(1).max(8).optional(),
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  TRANSLATION_SELF_CHECK: z.enum(['on', 'off']).default('on'),
  /** Earlier messages of the conversation sent as context to engines that read it (OpenAI-compatible); 0 turns it off. */
  TRANSLATION_CONTEXT_MESSAGES: z.coerce.number().int().min(0).max(20).default(4),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_BASE_URL: z.url().optional(),
  LIBRETRANSLATE_URL: z.url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  OCR_ENGINE: z.enum(['tesseract', 'openai']).default('tesseract'),
  OCR_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  OCR_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  OCR_MODEL: z.string().optional(),
  /** The largest file a message may carry (documents and other files, issue 36 item 2), in MB. */
  FILE_MAX_MB: z.coerce.number().positive().max(1024).default(25),
  ...voiceEnvShape,
  CHAT_SENDS_PER_10S: z.coerce.number().int().positive().default(30),
  TRANSLATION_CHARS_PER_MINUTE: z.coerce.number().int().positive().default(30_000),
  TRANSLATION_CHARS_PER_DAY: z.coerce.number().int().positive().default(1_000_000),
  SIGNUPS_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  SIGNINS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z.string().min(1).max(64).default('parley:'),
  PARLEY_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  TRUST_PROXY: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRANSLATION_LEASE_SECONDS: z.coerce.number().positive().default(30),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).default(10),
  NODE_HEARTBEAT_SECONDS: z.coerce.number().positive().max(60).default(3),
  CALL_RING_SECONDS: z.coerce.number().positive().max(300).default(30),
  CALL_RECONNECT_GRACE_SECONDS: z.coerce.number().positive().max(600).default(20),
  CALL_KEEPALIVE_SECONDS: z.coerce.number().positive().max(60).default(2),
  ADMIN_EMAILS: z.string().default(''),
  REGISTRATION: z.enum(['open', 'invite', 'closed']).default('open'),
  SIGNUP_EMAIL_DOMAINS: z.string().default(''),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(180),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60).optional(),
  OIDC_ONLY: z.enum(['on', 'off']).default('off'),
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'must be a base64url P-256 public key (web-push generate-vapid-keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}={0,2}$/, 'must be a base64url P-256 private key (web-push generate-vapid-keys)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').optional(),
  WEBHOOK_ALLOWED_ORIGINS: z.string().default('').refine((v) => v.split(',').every((o) => !o.trim() || URL.canParse(o.trim())), 'must be comma-separated origins such as http://ci.internal:8080'),
  PUSH_ALLOWED_ORIGINS: z.string().default('').refine((v) => v.split(',').every((o) => !o.trim() || URL.canParse(o.trim())), 'must be comma-separated origins such as https://push.example.net'),
  LINK_PREVIEW_ALLOWED_ORIGINS: z.string().default('').refine((v) => v.split(',').every((o) => !o.trim() || URL.canParse(o.trim())), 'must be comma-separated origins such as http://wiki.internal:8080'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Cookie gets Secure and the __Host- prefix when the public URL is https. */
  secureCookies: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  emailConfirmation: boolean;
  /** Outgoing mail (password resets, confirmations); undefined: this server sends no e-mail. */
  mail: { smtpUrl: string; from: string } | undefined;
  /** At most one mailed link (reset, confirmation) of a kind per account this often, whoever asks. */
  mailIntervalMs: number;
  webDistDir: string;
  chatSendsPer10s: number;
  /** Each user's translation budget: characters sent to engines (translate, preview, Scan, speech, media, sends). */
  translationBudget: { charsPerMinute: number; charsPerDay: number };
  /** Sign-ups and sign-ins one client address may make per 15 minutes (a school behind one NAT needs more). */
  signUpsPerAddress: number;
  signInsPerAddress: number;
  /** Cluster mode: Redis for fan-out, shared limits and job wake-ups (with DATABASE_URL). */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (several installations on one Redis). */
  redisPrefix: string;
  /** web: HTTP and sockets only; worker: translation jobs only; all: both. */
  role: Env['PARLEY_ROLE'];
  /** Fastify's trustProxy: true, a hop count, or addresses/CIDRs of the load balancers. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Bearer token for GET /metrics; unset: no /metrics at all. */
  metricsToken: string | undefined;
  /** How long one translation attempt may run before pg-boss expires it and another worker retries it. */
  translationLeaseMs: number;
  /** On SIGTERM, how long in-flight translations may finish before they are handed back. */
  shutdownDrainMs: number;
  /** How often a node renews its heartbeat; one silent for three beats is dead (its jobs go back). */
  nodeHeartbeatMs: number;
  /** Calls (issue 26): ring time before 'missed'; how long a dropped side may come back; keep-alive interval (a side silent 3x that lost its server). */
  calls: { ringMs: number; graceMs: number; aliveMs: number };
  operators: {
    /** Addresses that become admin when they sign up or sign in confirmed (lower case). */
    adminEmails: string[];
    /** REGISTRATION: the mode until the console stores one. */
    registration: Env['REGISTRATION'];
    /** SIGNUP_EMAIL_DOMAINS: sign-up only for these (lower case); empty: any. */
    signupEmailDomains: string[];
    auditRetentionDays: number;
  };
  /** Single sign-on with OpenID Connect (OIDC_*); undefined when OIDC_ISSUER is not set. */
  oidc: OidcConfig | undefined;
  /** Web push: VAPID keys (unset: made at first start and kept in the database), contact, extra allowed endpoint origins. */
  push: { vapidPublicKey: string | undefined; vapidPrivateKey: string | undefined; subject: string; allowedOrigins: string };
  /** Outgoing webhooks: origins on the operator's own network they may call (WEBHOOK_ALLOWED_ORIGINS, comma-separated). */
  webhooks: { allowedOrigins: string };
  /** Link previews: origins on the operator's own network whose pages may be previewed (LINK_PREVIEW_ALLOWED_ORIGINS). */
  linkPreviews: { allowedOrigins: string };
  scan: ScanConfig;
  /** FILE_MAX_MB in bytes: the upload limit of a file message. */
  fileMaxBytes: number;
  voice: VoiceConfig;
  translation: {
    engines: Env['TRANSLATION_ENGINES'];
    selfCheck: boolean;
    /** TRANSLATION_CONTEXT_MESSAGES: earlier chat messages given to engines that read context (0: none). */
    contextMessages: number;
    timeoutMs: number;
    maxChars: number;
    openai: { baseUrl: string; apiKey: string | undefined; model: string };
    deepl: { apiKey: string; baseUrl: string | undefined } | undefined;
    libretranslate: { url: string; apiKey: string | undefined } | undefined;
    neural: { modelsDir: string; memoryMb: number; workers: number; threads: number; idleMs: number; numBeams: number | undefined };
  };
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only, no client authentication). */
  clientSecret: string | undefined;
  /** The button's name: "Continue with {name}". */
  name: string;
  /** OIDC_ONLY=on: password sign-in and sign-up are refused (password_sign_in_disabled). */
  only: boolean;
  /** http:// is accepted for a loopback issuer only (a provider on the same machine, tests). */
  allowHttp: boolean;
}

export class ConfigError extends Error {}

/** Parse the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidc = oidcFromEnv(e);
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then made and kept in the database)');
  }
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: needed with SMTP_URL (links in mails point to PUBLIC_URL, never to the address a request names)');
  }
  if (e.REDIS_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  REDIS_URL: needs DATABASE_URL (several nodes share one PostgreSQL; the embedded database is one process)');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    emailConfirmation: e.EMAIL_CONFIRMATION === 'on',
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? defaultFrom(e.PUBLIC_URL) } : undefined,
    mailIntervalMs: e.MAIL_INTERVAL_SECONDS * 1000,
    chatSendsPer10s: e.CHAT_SENDS_PER_10S,
    translationBudget: { charsPerMinute: e.TRANSLATION_CHARS_PER_MINUTE, charsPerDay: e.TRANSLATION_CHARS_PER_DAY },
    signUpsPerAddress: e.SIGNUPS_PER_ADDRESS,
    signInsPerAddress: e.SIGNINS_PER_ADDRESS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    role: e.PARLEY_ROLE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    translationLeaseMs: e.TRANSLATION_LEASE_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    nodeHeartbeatMs: e.NODE_HEARTBEAT_SECONDS * 1000,
    calls: { ringMs: e.CALL_RING_SECONDS * 1000, graceMs: e.CALL_RECONNECT_GRACE_SECONDS * 1000, aliveMs: e.CALL_KEEPALIVE_SECONDS * 1000 },
    operators: {
      adminEmails: splitList(e.ADMIN_EMAILS),
      registration: e.REGISTRATION,
      signupEmailDomains: splitList(e.SIGNUP_EMAIL_DOMAINS).map((d) => d.replace(/^@/, '')),
      auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    },
    oidc,
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL.replace(/\/$/, '') : `mailto:${mailAddress(e.MAIL_FROM ?? defaultFrom(e.PUBLIC_URL))}`),
      allowedOrigins: e.PUSH_ALLOWED_ORIGINS,
    },
    webhooks: { allowedOrigins: e.WEBHOOK_ALLOWED_ORIGINS },
    linkPreviews: { allowedOrigins: e.LINK_PREVIEW_ALLOWED_ORIGINS },
    voice: voiceConfigFromEnv(e, { baseUrl: e.OPENAI_BASE_URL.replace(/\/$/, ''), apiKey: e.OPENAI_API_KEY }),
    scan: {
      engine: e.OCR_ENGINE,
      timeoutMs: e.OCR_TIMEOUT_MS,
      concurrency: e.OCR_CONCURRENCY,
      openai: { baseUrl: e.OPENAI_BASE_URL.replace(/\/$/, ''), apiKey: e.OPENAI_API_KEY, model: e.OCR_MODEL ?? e.OPENAI_MODEL },
    },
    fileMaxBytes: Math.round(e.FILE_MAX_MB * 1024 * 1024),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    translation: {
      engines: e.TRANSLATION_ENGINES,
      selfCheck: e.TRANSLATION_SELF_CHECK === 'on',
      contextMessages: e.TRANSLATION_CONTEXT_MESSAGES,
      timeoutMs: e.TRANSLATION_TIMEOUT_MS,
      maxChars: LIMITS.translateMaxChars,
      openai: { baseUrl: e.OPENAI_BASE_URL.replace(/\/$/, ''), apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL },
      deepl: e.DEEPL_API_KEY ? { apiKey: e.DEEPL_API_KEY, baseUrl: e.DEEPL_BASE_URL } : undefined,
      libretranslate: e.LIBRETRANSLATE_URL
        ? { url: e.LIBRETRANSLATE_URL.replace(/\/$/, ''), apiKey: e.LIBRETRANSLATE_API_KEY }
        : undefined,
      neural: {
        modelsDir: path.resolve(e.MODELS_DIR ?? path.join(e.DATA_DIR, 'models')),
        memoryMb: e.MODELS_MEMORY_MB,
        workers: e.MODELS_WORKERS,
        threads: e.MODELS_THREADS,
        idleMs: e.MODELS_IDLE_MINUTES * 60_000,
        numBeams: e.MODELS_BEAMS,
      },
    },
  };
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

function oidcFromEnv(e: Env): OidcConfig | undefined {
  const fail = (line: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  };
  if (!e.OIDC_ISSUER) {
    if (e.OIDC_ONLY === 'on') fail('OIDC_ONLY: needs OIDC_ISSUER (single sign-on is the only way in)');
    return undefined;
  }
  if (!e.OIDC_CLIENT_ID) fail('OIDC_CLIENT_ID: needed with OIDC_ISSUER');
  const issuer = new URL(e.OIDC_ISSUER);
  const allowHttp = issuer.protocol === 'http:' && LOOPBACK.test(issuer.hostname);
  if (issuer.protocol !== 'https:' && !allowHttp) fail('OIDC_ISSUER: must be https:// (http:// only for localhost)');
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET,
    name: e.OIDC_NAME ?? issuer.hostname,
    only: e.OIDC_ONLY === 'on',
    allowHttp,
  };
}
/** The address of a From value ('Parley <chat@example.org>' or 'chat@example.org'). */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** MAIL_FROM when unset: Parley <no-reply@the public host> (localhost without PUBLIC_URL). */
function defaultFrom(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `Parley <no-reply@${host}>`;
}
const splitList = (v: string) => v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);

/** TRUST_PROXY: unset/false -> false, true, a hop count, or a comma-separated list of addresses. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}
