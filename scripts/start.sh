#!/usr/bin/env bash
# Set everything up and start Parley on the embedded defaults (PGlite in ./data, Apertium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build --silent
exec node --import tsx server/src/main.ts
