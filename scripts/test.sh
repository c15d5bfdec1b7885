#!/usr/bin/env bash
# Set everything up and run every test: lint, types, unit, the server integration suite (every file on the
# PostgreSQL server at 127.0.0.1:5432; on PGlite, the embedded default, the files where the two databases can
# differ: vitest.config.ts, PGLITE_SPECIFIC_SERVER_TESTS), the cluster suite, and the browser end-to-end scenarios
# in Chromium (on PGlite: two shards, and the HAProxy scenario on PostgreSQL). The time each step took is printed
# at the end, pass or fail.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/steps.sh

step "set-up" bash scripts/setup.sh
step "PostgreSQL is up" bash scripts/ensure-postgres.sh

# Four steps at a time, each started as soon as a slot is free (scripts/lib/steps.sh, pool), the longest first.
# Each is about one process (tsc, eslint, a one-worker vitest, vite, a Playwright worker with its server) that
# spends much of its time waiting on child processes, engines, sockets and polls (the PostgreSQL pass used about a
# third of a core): four keep the two cores busy, and no group waits for its slowest step. What reads web/dist
# (the server suites, the end-to-end runs) starts after the build. Steps share no ports or databases: each server
# test file has its own database (a PGlite folder, or a PostgreSQL database copied from the run's template),
# servers listen on ports the OS picks, and the end-to-end runs, the cluster suite and the HAProxy scenario have
# fixed ports of their own.
pool 4 \
  "build the web app" "npm run --silent build" \
  "unit" "npm run --silent test:unit" \
  "lint and types" "npm run --silent lint && npm run --silent typecheck" \
  after "build the web app" \
  "end-to-end, shard 1 of 2" "E2E_PORT=3100 E2E_SHARD=1/2 npm run --silent test:e2e:shard" \
  "end-to-end, shard 2 of 2" "E2E_PORT=3120 E2E_SHARD=2/2 npm run --silent test:e2e:shard" \
  "server on PostgreSQL, half 1" "npm run --silent test:server:postgres -- --shard=1/2" \
  "server on PostgreSQL, half 2" "npm run --silent test:server:postgres -- --shard=2/2" \
  "server on PGlite, database-specific files" "npm run --silent test:server:pglite-specific" \
  "cluster (nodes on PostgreSQL + Redis)" "npm run --silent test:cluster" \
  "end-to-end through HAProxy" "npm run --silent test:e2e:cluster"
echo "== all tests passed"
