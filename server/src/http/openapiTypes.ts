import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * The client types generated from the document (openapi-typescript), committed at common/src/api/openapi.d.ts for
 * openapi-fetch and other clients. `npm run openapi` writes them (openapiCli.ts); server/test/openapi.test.ts fails
 * when the committed file is not what the running app's document gives.
 */
export const OPENAPI_TYPES_FILE = fileURLToPath(new URL('../../../common/src/api/openapi.d.ts', import.meta.url));

/** The configuration the committed types are made with: every optional route on (single sign-on needs an issuer). */
export const OPENAPI_DOCUMENT_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  TRANSLATION_SELF_CHECK: 'off',
  OIDC_ISSUER: 'http://localhost:9/',
  OIDC_CLIENT_ID: 'parley',
};

const HEADER = '// Generated from GET /api/openapi.json by `npm run openapi` (server/src/http/openapiCli.ts): do not edit.\n\n';

export async function openapiTypes(document: object): Promise<string> {
  return HEADER + astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
}
