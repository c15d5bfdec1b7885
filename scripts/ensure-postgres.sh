#!/usr/bin/env bash
# The server test suite needs PostgreSQL on 127.0.0.1:5432 (trust auth, database test).
# Start the local cluster when it is installed but stopped.
set -euo pipefail
ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
if command -v pg_isready >/dev/null && ready; then exit 0; fi
if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  for _ in $(seq 1 30); do ready && exit 0; sleep 1; done
fi
echo "PostgreSQL is not reachable on 127.0.0.1:5432; set TEST_DATABASE_URL to a server with trust auth" >&2
exit 1
