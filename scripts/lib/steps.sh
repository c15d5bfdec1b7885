# Step runner for scripts/test.sh: `step NAME CMD...` runs one step; `pool N NAME CMD NAME CMD ...` runs shell
# commands side by side, N at a time, each with its output in a log printed whole when it ends (so outputs do not
# interleave). A failure stops the run (in a pool: once the commands already running end). The time of every step
# is printed at exit.

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
  # A failed step's log was printed when it ended, long before this: its failures again, last, where a reader of
  # the run's tail (CI keeps only the end of long outputs) finds them.
  local failed_log
  for failed_log in "$STEP_LOGS"/*.failed; do
    [ -e "$failed_log" ] || continue
    echo
    echo "== why it failed: $(head -1 "$failed_log")"
    tail -n +2 "$failed_log" | sed 's/\x1b\[[0-9;]*m//g' \
      | grep -E -A6 'FAIL|✗|×|✘|[0-9]+ failed|Error|Expected|Received|expected|Timeout|timed out' | head -120
  done
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

# `pool N NAME CMD NAME CMD ...`: the commands in the order given, at most N running at a time, each started as soon
# as a slot is free (no group waits for its slowest member). `after NAME` in the list: the commands after it start
# only once the step NAME has ended (e.g. what serves web/dist after the build). After a failure none starts.
pool() {
  local limit=$1; shift
  local started; started=$(date +%s)
  local -A pid_name=() pid_log=() ended=()
  local running=0 i=0 failed=""
  local names=() arg=1
  while [ "$arg" -le $# ]; do
    [ "${!arg}" = after ] || names+=("${!arg}")
    arg=$((arg + 2))
  done
  local IFS=';'
  echo "== $limit at a time: ${names[*]}"
  unset IFS
  pool_reap() {
    local pid took rc
    wait -n -p pid "${!pid_name[@]}" || true
    read -r took rc <"${pid_log[$pid]}.done" || { took=$(( $(date +%s) - started )); rc=1; }
    echo "== ${pid_name[$pid]} ($took s, exit $rc)"
    cat "${pid_log[$pid]}"
    STEP_TIMES+=("$(printf '%5d s' "$took")  ${pid_name[$pid]}$([ "$rc" -eq 0 ] || echo '  (FAILED)')")
    if [ "$rc" -eq 0 ]; then ended[${pid_name[$pid]}]=1; else
      failed="${failed:+$failed, }${pid_name[$pid]}"
      { echo "${pid_name[$pid]}"; cat "${pid_log[$pid]}"; } >"${pid_log[$pid]}.failed"
    fi
    unset "pid_name[$pid]" "pid_log[$pid]"
    running=$((running - 1))
  }
  while [ $# -gt 0 ] && [ -z "$failed" ]; do
    if [ "$1" = after ]; then
      while [ -z "${ended[$2]:-}" ] && [ -z "$failed" ]; do
        [ "$running" -gt 0 ] || { failed="${failed:+$failed, }(never ran: $2)"; break; }
        pool_reap
      done
      shift 2; continue
    fi
    while [ "$running" -ge "$limit" ]; do pool_reap; done
    [ -z "$failed" ] || break
    local name=$1 cmd=$2 log="$STEP_LOGS/pool-$i.log"; shift 2
    echo "== start: $name"
    ( s=$(date +%s); rc=0; bash -c "$cmd" >"$log" 2>&1 || rc=$?; echo "$(( $(date +%s) - s )) $rc" >"$log.done"; exit $rc ) &
    pid_name[$!]=$name; pid_log[$!]=$log
    running=$((running + 1)); i=$((i + 1))
  done
  while [ "$running" -gt 0 ]; do pool_reap; done
  STEP_TIMES+=("$(printf '%5d s' $(( $(date +%s) - started )))  (wall time of the steps above, $limit at a time)")
  if [ -n "$failed" ]; then echo "== FAILED: $failed"; exit 1; fi
}
