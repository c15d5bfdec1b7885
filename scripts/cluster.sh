#!/usr/bin/env bash
# Parley as a cluster on this machine: N stateless nodes (default 2) on the local PostgreSQL and
# Redis behind HAProxy (deploy/haproxy.cfg). Prints the URL; Ctrl-C stops everything.
#   NODES=3 bash scripts/cluster.sh
# Variables: NODES, LB_PORT (3260), FIRST_NODE_PORT (3261), DATABASE_URL
# (postgres://postgres@127.0.0.1:5432/parley), REDIS_URL (redis://127.0.0.1:6379), and every
# variable of the README's configuration table (passed to each node).
set -euo pipefail
cd "$(dirname "$0")/.."

NODES="${NODES:-2}"
LB_PORT="${LB_PORT:-3260}"
FIRST_NODE_PORT="${FIRST_NODE_PORT:-3261}"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/parley}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
# One load balancer hop in front of every node.
export TRUST_PROXY="${TRUST_PROXY:-1}"

[ "${SKIP_SETUP:-}" = 1 ] || bash scripts/setup.sh
bash scripts/ensure-postgres.sh
[ -f web/dist/index.html ] || npm run build --silent

# The database of the cluster (created once; the nodes migrate it under an advisory lock).
node -e '
const pg = require("pg");
const url = new URL(process.env.DATABASE_URL);
const name = url.pathname.slice(1);
const admin = new URL(url); admin.pathname = "/postgres";
const c = new pg.Client({ connectionString: admin.toString() });
c.connect()
  .then(() => c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]))
  .then((r) => (r.rowCount ? null : c.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`)))
  .then(() => c.end(), (e) => { console.error(`cluster: database: ${e.message}`); process.exit(1); });
' 2>&1
REDIS_PORT="$(node -e 'console.log(new URL(process.env.REDIS_URL).port || 6379)')"
REDIS_HOST="$(node -e 'console.log(new URL(process.env.REDIS_URL).hostname)')"
if ! redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  echo "cluster: Redis is not reachable at $REDIS_URL (start it: redis-server --daemonize yes)" >&2
  exit 1
fi

RUN_DIR="$(mktemp -d "${TMPDIR:-/tmp}/parley-cluster.XXXXXX")"
pids=()
stop() {
  trap - INT TERM EXIT
  echo; echo "cluster: stopping"
  # SIGTERM drains each node (sockets told to reconnect, translation jobs finished or handed back).
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$RUN_DIR"
}
trap stop INT TERM EXIT

cfg="$RUN_DIR/haproxy.cfg"
cp deploy/haproxy.cfg "$cfg"
for i in $(seq 1 "$NODES"); do
  port=$((FIRST_NODE_PORT + i - 1))
  echo "    server node$i 127.0.0.1:$port check" >>"$cfg"
  mkdir -p "$RUN_DIR/node$i"
  PORT="$port" HOST=127.0.0.1 DATA_DIR="$RUN_DIR/node$i" node --import tsx server/src/main.ts \
    > >(sed -u "s/^/[node$i] /") 2>&1 &
  pids+=("$!")
done
export PARLEY_LB_BIND="${LB_BIND:-0.0.0.0}:$LB_PORT"
haproxy -c -q -f "$cfg"
haproxy -db -f "$cfg" > >(sed -u 's/^/[haproxy] /') 2>&1 &
lb=$!
pids+=("$lb")

for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$LB_PORT/api/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
echo "Parley cluster: $NODES nodes behind HAProxy at http://localhost:$LB_PORT (Ctrl-C stops everything)"
# Nodes may be stopped and restarted one by one (rolling restart); the cluster ends with HAProxy.
wait "$lb" || true
