#!/usr/bin/env bash
# Set everything up and run every test: lint, types, unit, server integration on PGlite and on
# the PostgreSQL server (127.0.0.1:5432), the cluster suite, and the browser end-to-end scenarios
# in Chromium (two shards side by side, then the HAProxy scenario). Steps that share no ports or
# databases run side by side; the time each step took is printed at the end, pass or fail.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/steps.sh

step "set-up" bash scripts/setup.sh
step "PostgreSQL is up" bash scripts/ensure-postgres.sh

# Each of these is one process on one core (tsc, eslint, a one-worker vitest, vite): two at a time fill the
# two cores. The build comes before the server suite (it serves web/dist) and the end-to-end runs.
together \
  "lint and types" "npm run --silent lint && npm run --silent typecheck" \
  "unit" "npm run --silent test:unit" \
  "build the web app" "npm run --silent build"
# The server suite on both databases and the cluster suite wait on processes, engines and sockets much of the
# time: side by side they fill the two cores. Each test file has its own database (a PGlite folder, or a random
# PostgreSQL database copied from the run's template) and every server listens on a port the OS picks.
# The PGlite pass is the longest: in two halves, so the second core is not left idle once the others end.
together \
  "server on PGlite, half 1" "npm run --silent test:server:pglite -- --shard=1/2" \
  "server on PGlite, half 2" "npm run --silent test:server:pglite -- --shard=2/2" \
  "server on PostgreSQL" "npm run --silent test:server:postgres" \
  "cluster (nodes on PostgreSQL + Redis)" "npm run --silent test:cluster"
together \
  "end-to-end, shard 1 of 2" "E2E_PORT=3100 E2E_SHARD=1/2 npm run --silent test:e2e:shard" \
  "end-to-end, shard 2 of 2" "E2E_PORT=3120 E2E_SHARD=2/2 npm run --silent test:e2e:shard" \
  "end-to-end through HAProxy" "npm run --silent test:e2e:cluster"
echo "== all tests passed"
