import { makePgliteTemplate, makePostgresTemplate, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './templateDatabase.ts';

/**
 * Vitest global setup of the server and cluster projects: the template databases test files copy
 * (server/test/templateDatabase.ts). Made once per run from the current migrations, removed after it.
 */
export default async function setup(project: { name: string }): Promise<() => Promise<void>> {
  const wantsPglite = project.name === 'server' && process.env.TEST_DB !== 'postgres';
  const [pglite, postgres] = await Promise.all([
    wantsPglite ? makePgliteTemplate() : undefined,
    makePostgresTemplate(),
  ]);
  if (pglite) process.env[PGLITE_TEMPLATE_ENV] = pglite.dir;
  process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
  return async () => {
    pglite?.remove();
    await postgres.remove();
  };
}
