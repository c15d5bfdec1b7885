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

# CPU-bound steps one after the other (two cores: running them together only interleaves them).
step "lint and types" bash -c 'npm run --silent lint && npm run --silent typecheck'
step "unit" npm run --silent test:unit
step "build the web app" npm run --silent build
step "server on PGlite" npm run --silent test:server:pglite

# These wait on processes, browsers and sockets much of the time: side by side they fill the two cores.
# Each has its own database (a random PostgreSQL database per file, a PGlite folder per e2e shard) and ports.
together \
  "server on PostgreSQL" "npm run --silent test:server:postgres" \
  "cluster (nodes on PostgreSQL + Redis)" "npm run --silent test:cluster"
together \
  "end-to-end, shard 1 of 2" "E2E_PORT=3100 E2E_SHARD=1/2 npm run --silent test:e2e:shard" \
  "end-to-end, shard 2 of 2" "E2E_PORT=3120 E2E_SHARD=2/2 npm run --silent test:e2e:shard" \
  "end-to-end through HAProxy" "npm run --silent test:e2e:cluster"
echo "== all tests passed"
