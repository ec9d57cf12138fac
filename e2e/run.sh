#!/usr/bin/env bash
# shellcheck disable=SC2317  # the functions run from traps
# Brings the stack up, runs the end-to-end suites, and always takes the stack down again.
# Extra arguments go to vitest (e.g. a file filter). E2E_KEEP=1 leaves the stack running.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$(dirname "$HERE")"

now_ms() { date +%s%3N; }
seconds() { printf '%d.%02d s' $(($1 / 1000)) $(($1 % 1000 / 10)); }

started=$(now_ms)
up_ms=-1
tests_ms=-1
phase=up

finish() {
  local rc=$?
  trap - EXIT INT TERM
  local t
  t=$(now_ms)
  if [ "${E2E_KEEP:-0}" = 1 ]; then
    echo "[e2e] E2E_KEEP=1: stack left running; stop it with 'bash e2e/stack.sh down'"
  else
    bash "$HERE/stack.sh" down || echo "[e2e] warning: stack.sh down failed" >&2
  fi
  local down_ms=$(($(now_ms) - t))
  [ "$phase" = tests ] && [ "$tests_ms" -lt 0 ] && tests_ms=$((t - tests_started))
  echo "[e2e] timings: up $([ "$up_ms" -ge 0 ] && seconds "$up_ms" || echo '-')," \
    "tests $([ "$tests_ms" -ge 0 ] && seconds "$tests_ms" || echo '-')," \
    "down $(seconds "$down_ms"), total $(seconds $(($(now_ms) - started)))"
  exit "$rc"
}
trap finish EXIT
# Ctrl-C / cancellation: still run 'finish' (via EXIT) with the conventional exit codes.
trap 'exit 130' INT
trap 'exit 143' TERM

bash "$HERE/stack.sh" up
up_ms=$(($(now_ms) - started))

phase=tests
tests_started=$(now_ms)
# In the background so a signal reaches our traps at once instead of after the tests end, and in
# its own process group: stopping only npx would leave vitest running (and restarting the CDN)
# after the stack is gone.
setsid npx vitest run --config e2e/vitest.config.ts "$@" &
vitest_pid=$!
stop_tests() {
  kill -TERM -- "-$vitest_pid" 2>/dev/null || true
  wait "$vitest_pid" 2>/dev/null || true
  exit "$1"
}
trap 'stop_tests 130' INT
trap 'stop_tests 143' TERM
rc=0
wait "$vitest_pid" || rc=$?
tests_ms=$(($(now_ms) - tests_started))
exit "$rc"
