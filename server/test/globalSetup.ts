import { makePgliteTemplate, makePostgresTemplate, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './templateDatabase.ts';

/** Attempts at making a template: under a loaded test run a first connection can time out (5 s). */
const ATTEMPTS = 3;

/**
 * Vitest global setup of the server and cluster projects: the template databases test files copy
 * (server/test/templateDatabase.ts). Made once per run from the current migrations, removed after it.
 * A set-up that still fails ends the process with exit code 1: vitest reports an error thrown here but exits 0
 * having run no test at all, and a step that runs nothing must not pass.
 */
export default async function setup(project: { name: string }): Promise<() => Promise<void>> {
  const wantsPglite = project.name === 'server' && process.env.TEST_DB !== 'postgres';
  try {
    const [pglite, postgres] = await Promise.all([
      wantsPglite ? retried(makePgliteTemplate) : undefined,
      retried(makePostgresTemplate),
    ]);
    if (pglite) process.env[PGLITE_TEMPLATE_ENV] = pglite.dir;
    process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
    return async () => {
      pglite?.remove();
      await postgres.remove();
    };
  } catch (err) {
    console.error('test set-up failed: could not make the template databases', err);
    process.exit(1);
  }
}

async function retried<T>(make: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await make();
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
      console.warn(`template database: attempt ${attempt} failed (${(err as Error).message}); trying again`);
      await new Promise((r) => setTimeout(r, 2_000 * attempt));
    }
  }
}
