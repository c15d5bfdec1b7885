import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_PREFIX } from '@parley/common';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { errorBody } from '../http/errors.ts';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const SAFE_PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Public file storage (the spec's storage buckets) in the database: every node of a cluster
 * serves every file, backups include them, and there is no second store to run. Avatars are
 * re-encoded to at most 512 px (tens of kB), so the database carries them easily.
 */
export class DbStorage {
  constructor(private readonly db: Db) {}

  async put(bucket: string, key: string, bytes: Buffer): Promise<string> {
    checkPath(bucket, key);
    const content_type = TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
    await this.db
      .insertInto('stored_files')
      .values({ bucket, key, content_type, bytes, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['bucket', 'key']).doUpdateSet({ content_type, bytes, updated_at: new Date() }))
      .execute();
    return `${STORAGE_PREFIX}/${bucket}/${key}`;
  }

  async get(bucket: string, key: string) {
    return this.db.selectFrom('stored_files').select(['content_type', 'bytes', 'updated_at']).where('bucket', '=', bucket).where('key', '=', key).executeTakeFirst();
  }

  async remove(bucket: string, key: string): Promise<void> {
    await this.db.deleteFrom('stored_files').where('bucket', '=', bucket).where('key', '=', key).execute();
  }

  /** Files an older version kept under DATA_DIR/storage/{bucket}/{user}/{file} move in once (kept on disk). */
  async importFromDisk(root: string): Promise<number> {
    if (!existsSync(root)) return 0;
    let n = 0;
    for (const bucket of await readdir(root)) {
      for (const owner of await readdir(path.join(root, bucket)).catch(() => [])) {
        for (const file of await readdir(path.join(root, bucket, owner)).catch(() => [])) {
          const key = `${owner}/${file}`;
          if (!SAFE_PART.test(bucket) || !SAFE_PART.test(owner) || !SAFE_PART.test(file) || (await this.get(bucket, key))) continue;
          await this.put(bucket, key, await readFile(path.join(root, bucket, owner, file)));
          n += 1;
        }
      }
    }
    return n;
  }
}

function checkPath(bucket: string, key: string): void {
  if (!SAFE_PART.test(bucket) || !key.split('/').every((p) => SAFE_PART.test(p))) throw new Error('Invalid storage key');
}

/**
 * GET /storage/{bucket}/{key...}: the stored bytes with their type; anything else is a 404. `privateBuckets` are
 * served by their own feature's route, to those allowed (link preview images: the room's members), never here.
 */
export function storageRoutes(app: FastifyInstance, storage: DbStorage, privateBuckets: readonly string[] = []): void {
  app.get(`${STORAGE_PREFIX}/:bucket/*`, async (request, reply) => {
    const { bucket, '*': key } = request.params as { bucket: string; '*': string };
    const valid = SAFE_PART.test(bucket) && !privateBuckets.includes(bucket) && key.split('/').every((p) => SAFE_PART.test(p));
    const file = valid ? await storage.get(bucket, key) : undefined;
    if (!file) return reply.status(404).send(errorBody('not_found', 'No such file'));
    // Avatar URLs carry ?v=<time of upload>: a new upload is a new URL, so caching is safe.
    return reply
      .header('content-type', file.content_type)
      .header('cache-control', 'public, max-age=86400')
      .header('last-modified', new Date(file.updated_at).toUTCString())
      .send(Buffer.from(file.bytes));
  });
}
