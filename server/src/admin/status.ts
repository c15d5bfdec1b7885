import { sql } from 'kysely';
import type { PairInfo, ServiceStatus, VoiceCapabilities } from '@parley/common';
import type { ClusterBus } from '../cluster/bus.ts';
import type { Db } from '../db/connect.ts';

export interface StatusDeps {
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  bus: ClusterBus;
  engines: () => string[];
  pairs: () => Promise<PairInfo[]>;
  voice: VoiceCapabilities;
  now: () => Date;
}

/** The console's status page: what is up, how the translation queue does, what this server's engines serve. */
export async function serviceStatus(deps: StatusDeps): Promise<ServiceStatus> {
  const since = new Date(deps.now().getTime() - 86_400_000);
  const [database, redisOk, queue, pairs] = await Promise.all([
    sql`SELECT 1`.execute(deps.db).then(() => true, () => false),
    deps.bus.ping(),
    deps.db
      // Translations, one per (message, reader language).
      .selectFrom('message_translations as t')
      .innerJoin('messages as m', 'm.id', 't.message_id')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('t.status', '=', 'pending').as('pending'),
        eb.fn.countAll<string>().filterWhere((w) => w.and([w('t.status', '=', 'failed'), w('m.created_at', '>=', since)])).as('failed'),
        eb.fn.countAll<string>().filterWhere((w) => w.and([w('t.status', '=', 'done'), w('m.created_at', '>=', since)])).as('done'),
      ])
      .executeTakeFirst()
      .catch(() => null),
    deps.pairs().catch(() => []),
  ]);
  const served = pairs.filter((p) => p.support !== 'none' && p.engine !== null);
  const languages = [...new Set(served.flatMap((p) => [p.source, p.target]))].sort();
  return {
    database: { ok: database, kind: deps.databaseKind },
    redis: { ok: redisOk, configured: deps.bus.redis !== null },
    queue: {
      ok: queue !== null,
      pending: Number(queue?.pending ?? 0),
      failed24h: Number(queue?.failed ?? 0),
      done24h: Number(queue?.done ?? 0),
    },
    languages: {
      text: { engines: deps.engines(), directions: served.length, languages },
      speechIn: deps.voice.stt.languages,
      speechOut: deps.voice.tts.languages,
    },
  };
}
