#!/usr/bin/env bash
# Set everything up and run every test: lint, types, unit, server integration on PGlite and on
# the PostgreSQL server (127.0.0.1:5432), and the browser end-to-end scenarios in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-postgres.sh

echo "== lint and types";            npm run --silent lint && npm run --silent typecheck
echo "== unit";                       npm run --silent test:unit
echo "== server on PGlite";           npm run --silent test:server:pglite
echo "== server on PostgreSQL";       npm run --silent test:server:postgres
echo "== cluster (2 nodes, PostgreSQL + Redis)"; npm run --silent test:cluster
echo "== end-to-end (Chromium)";      npm run --silent test:e2e
echo "== all tests passed"
