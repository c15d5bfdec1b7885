import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_PREFIX } from '@parley/common';

/**
 * Public file storage on the local disk (the spec's storage buckets). Files live under
 * {root}/{bucket}/{key} and are served read-only at /storage/{bucket}/{key}.
 */
export class LocalStorage {
  constructor(readonly root: string) {}

  private resolve(bucket: string, key: string): string {
    const full = path.resolve(this.root, bucket, key);
    if (!full.startsWith(path.resolve(this.root, bucket) + path.sep)) throw new Error('Invalid storage key');
    return full;
  }

  async put(bucket: string, key: string, bytes: Buffer): Promise<string> {
    const full = this.resolve(bucket, key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, bytes);
    return `${STORAGE_PREFIX}/${bucket}/${key}`;
  }

  async remove(bucket: string, key: string): Promise<void> {
    await rm(this.resolve(bucket, key), { force: true });
  }
}
