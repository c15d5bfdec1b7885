import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDb } from '../db/connect.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { OPENAPI_DOCUMENT_ENV, OPENAPI_TYPES_FILE, openapiTypes } from './openapiTypes.ts';

/**
 * `npm run openapi`: builds the app on a throw-away embedded database, reads its OpenAPI document and writes the
 * client types (common/src/api/openapi.d.ts). `npm run openapi -- --json <file>` also writes the document.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-openapi-'));
  const database = await connectDb({ pgliteDir: path.join(dataDir, 'pgdata') });
  try {
    const config = loadConfig({ ...OPENAPI_DOCUMENT_ENV, DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
    const app = await buildApp({ config, database, logger: false, deferJobStart: true });
    await app.ready();
    const document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<object>();
    await app.close();
    writeFileSync(OPENAPI_TYPES_FILE, await openapiTypes(document));
    console.log(`wrote ${path.relative(process.cwd(), OPENAPI_TYPES_FILE)}`);
    const json = process.argv.indexOf('--json');
    const target = json >= 0 ? process.argv[json + 1] : undefined;
    if (target) {
      writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
      console.log(`wrote ${target}`);
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
