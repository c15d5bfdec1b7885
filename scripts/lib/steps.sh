# Step runner for scripts/test.sh: `step NAME CMD...` runs one step; `together NAME CMD NAME CMD ...` runs
# shell commands side by side, each with its output in a log printed whole when it ends (so outputs do not
# interleave). Either stops the run at the first failure. The time of every step is printed at exit.

STEP_LOGS="$(mktemp -d "${TMPDIR:-/tmp}/parley-test-logs.XXXXXX")"
STEP_TIMES=()
RUN_STARTED=$(date +%s)

print_times() {
  local rc=$?
  echo
  echo "== time per step"
  local line
  for line in "${STEP_TIMES[@]}"; do echo "  $line"; done
  echo "  total: $(( $(date +%s) - RUN_STARTED )) s"
  rm -rf "$STEP_LOGS"
  return $rc
}
trap print_times EXIT

step() {
  local name=$1; shift
  local started; started=$(date +%s)
  echo "== $name"
  local rc=0
  "$@" || rc=$?
  STEP_TIMES+=("$(printf '%5d s' $(( $(date +%s) - started )))  $name$([ $rc -eq 0 ] || echo '  (FAILED)')")
  if [ $rc -ne 0 ]; then echo "== FAILED: $name (exit $rc)"; exit $rc; fi
}

together() {
  local names=() pids=() logs=() i=0 arg
  local started; started=$(date +%s)
  for ((arg = 1; arg <= $#; arg += 2)); do names+=("${!arg}"); done
  local IFS=';'
  echo "== side by side: ${names[*]}"
  unset IFS
  names=()
  while [ $# -gt 0 ]; do
    local name=$1 cmd=$2; shift 2
    local log="$STEP_LOGS/step-$i.log"
    names+=("$name"); logs+=("$log")
    ( s=$(date +%s); rc=0; bash -c "$cmd" >"$log" 2>&1 || rc=$?; echo "$(( $(date +%s) - s )) $rc" >"$log.done"; exit $rc ) &
    pids+=($!)
    i=$((i + 1))
  done
  local failed=""
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || true
    local took rc
    read -r took rc <"${logs[$i]}.done" || { took=$(( $(date +%s) - started )); rc=1; }
    echo "== ${names[$i]} ($took s, exit $rc)"
    cat "${logs[$i]}"
    STEP_TIMES+=("$(printf '%5d s' "$took")  ${names[$i]}$([ "$rc" -eq 0 ] || echo '  (FAILED)')")
    [ "$rc" -eq 0 ] || failed="${failed:+$failed, }${names[$i]}"
  done
  STEP_TIMES+=("$(printf '%5d s' $(( $(date +%s) - started )))  (wall time of the steps above run side by side)")
  if [ -n "$failed" ]; then echo "== FAILED: $failed"; exit 1; fi
}
