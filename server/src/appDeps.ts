import type { PeriodicTask } from './db/schedules.ts';
import type { FastifyServerFactory, RouteOptions } from 'fastify';
import type { AfterReply } from './auth/afterReply.ts';
import type { MailLimits } from './auth/mailLimits.ts';
import type { AuthLimits } from './auth/rateLimits.ts';
import type { SessionWatch } from './auth/sessionWatch.ts';
import type { CallMedia } from './calls/index.ts';
import type { TranslationJobOptions, TranslationJobs } from './chat/translationJobs.ts';
import type { ChatTranslator } from './chat/types.ts';
import type { Config } from './config.ts';
import type { DbHandle } from './db/connect.ts';
import type { NodeHeartbeats } from './db/nodeHeartbeats.ts';
import type { EventLog } from './events/index.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Push, PushTuning } from './push/index.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { TranslationService } from './translation/service.ts';
import type { WebhookTuning } from './webhooks/index.ts';
import type { PreviewLimits } from './linkPreviews/index.ts';

/** What buildApp (app.ts) takes: the config and database, and the knobs tests turn. */
export interface AppDeps {
  config: Config;
  database: DbHandle;
  /** The clock; tests move it to expire sessions. */
  now?: () => Date;
  authLimits?: AuthLimits;
  logger?: boolean;
  /** The translation router; built from config when not given. */
  translation?: TranslationService;
  /** Chat's translator; tests swap in failing or slow ones. */
  chatTranslator?: ChatTranslator;
  sendsPer10s?: number;
  /** How often the sessions of open sockets are checked for expiry (default 30 s). */
  sessionSweepMs?: number;
  /** Job runner tuning (attempt time, attempts, backoff, drain time, sweeper); tests shorten them. */
  translationJobs?: Partial<Pick<TranslationJobOptions, 'leaseMs' | 'maxAttempts' | 'retryDelaySeconds' | 'concurrency' | 'pollMs' | 'drainMs' | 'sweepAfterMs' | 'isDirectionBeingChecked' | 'postponeSeconds'>>;
  /** Draft previews a user may ask for per 10 seconds (default 40). */
  previewsPer10s?: number;
  /**
   * main.ts: the HTTP server already listening since start-up began (ops/startup.ts). Fastify does
   * not listen or close it; main.ts hands it Fastify's handler once the node is ready.
   */
  serverFactory?: FastifyServerFactory;
  /** How often this node beats (default NODE_HEARTBEAT_SECONDS) and whether it is the database's only node (default: no REDIS_URL). */
  heartbeat?: { intervalMs?: number; alone?: boolean };
  /** main.ts starts the job queue as a start-up step of its own (with retries); tests start it in onReady. */
  deferJobStart?: boolean;
  /** Told of every route as it is added (before any plugin adds one): the OpenAPI coverage test lists them all. */
  onRoute?: (route: RouteOptions) => void;
  /** Outgoing mail tuning: first retry delay, worker poll interval; tests shorten them. */
  mail?: { retryDelaySeconds?: number; pollSeconds?: number };
  /** Password-reset and confirmation mails one address / client may ask for (tests lower them). */
  mailLimits?: MailLimits;
  /** Periodic work (db/schedules.ts): how often workers look and the cron ticks; tests shorten them and add tasks. */
  schedules?: { pollMs?: number; cronMonitorIntervalSeconds?: number; tasks?: PeriodicTask[] };
  /** Web push tuning (translation wait, poll interval, retry delays); tests shorten them. */
  push?: PushTuning;
  /** Outgoing webhook tuning (retry delays, pause threshold, time limits); tests shorten them. */
  webhooks?: WebhookTuning;
  /** Link previews: time and size limits, the worker's poll interval, a resolver for host names; tests shorten them. */
  linkPreviews?: { limits?: Partial<PreviewLimits>; pollMs?: number; resolve?: (host: string) => Promise<string[]>; perMinute?: number };
  /** Whether integrations (webhooks) are on (issue 35 item 6: the operator's setting, wired at merge); default: on. */
  integrationsAllowed?: () => Promise<boolean>;
  /** Where mailed-link requests run their work after answering (default: right after, awaited on close); tests hold it. */
  afterReply?: AfterReply;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtimeHub: RealtimeHub;
    /** Sessions of open sockets; sweep() ends the expired ones (tests call it after moving the clock). */
    sessionWatch: SessionWatch;
    translationJobs: TranslationJobs;
    /** This node's heartbeat and the jobs it holds (db/nodeHeartbeats.ts). */
    nodeHeartbeats: NodeHeartbeats;
    /** Start the job queue, then the heartbeat (main.ts calls it as a start-up step; tests get it in onReady). */
    startJobs: () => Promise<void>;
    /** Outgoing mail; undefined when SMTP_URL is not set. */
    mailer: Mailer | undefined;
    /** The in-call media sockets of this node (tests: freeze() plays a node that died). */
    callMedia: CallMedia | undefined;
    /** Web push (push/): the job queue, who views what, VAPID keys; queueCallPush(app.push, ...) for missed calls. */
    push: Push;
    /** Where changes record their domain events, with their consumers' jobs (events/). */
    eventLog: EventLog;
  }
}
