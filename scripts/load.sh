#!/usr/bin/env bash
# Measure the service under load on this machine: build stccg-rules and
# stccg-load, start the service on a free loopback port, wait until it is
# ready, run every load scenario against it while sampling its resident
# memory, then stop it.
#
#   scripts/load.sh                 the embedded default: in-process cache and limits
#   scripts/load.sh --redis         the same with a throwaway redis-server as cache and limits
#   scripts/load.sh --both          the embedded default, then the Redis run when redis-server is installed
#   scripts/load.sh --scenario replay  /healthz and one scenario only (healthz, search-repeated,
#                                   search-varied, card-fuzzy, adjudicate, replay)
#   scripts/load.sh --pprof ...     also serve /debug/pprof/ (the address is printed)
#   scripts/load.sh --keep ...      keep the binaries and logs (kept anyway when a run fails)
#   scripts/load.sh -- --json       anything after -- goes to stccg-load (--duration 30s, --json,
#                                   --cpuprofile FILE for the load generator's own profile, ...)
#
# The service reads the corpus from ../shared/corpus unless STCCG_CORPUS says
# otherwise. Logs and binaries go to a temporary folder, printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

modes=(embedded)
scenario=""
pprof=()
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --redis) modes=(redis) ;;
    --both) modes=(embedded redis) ;;
    --pprof) pprof=(--pprof) ;;
    --keep) keep=1 ;;
    --) shift; break ;;
    --scenario) shift; scenario=${1:?--scenario needs a name} ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "load.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
load_args=("$@")

work=$(mktemp -d "${TMPDIR:-/tmp}/stccg-load.XXXXXX")
server_pid=""
redis_pid=""

stop() { # stop PID: SIGTERM, then wait for it to exit
  local pid=$1
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

cleanup() {
  stop "$server_pid"; server_pid=""
  stop "$redis_pid"; redis_pid=""
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# free_port prints a loopback port nobody is listening on.
free_port() {
  local port
  for _ in $(seq 50); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  echo "load.sh: no free port found" >&2
  return 1
}

# http_ok PORT PATH: the service answers 200 at PATH.
http_ok() {
  local line
  exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
  printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$2" >&3
  IFS= read -r -t 5 line <&3 || true
  exec 3<&- 3>&-
  [[ "$line" == "HTTP/1."?" 200"* ]]
}

# redis_ok PORT: Redis answers PING.
redis_ok() {
  local line
  exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
  printf 'PING\r\n' >&3
  IFS= read -r -t 5 line <&3 || true
  exec 3<&- 3>&-
  [[ "$line" == "+PONG"* ]]
}

# wait_for WHAT SECONDS COMMAND...: retry COMMAND until it succeeds.
wait_for() {
  local what=$1 seconds=$2
  shift 2
  for _ in $(seq $((seconds * 10))); do
    "$@" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "load.sh: $what not ready after ${seconds}s" >&2
  return 1
}

echo "building into $work"
go build -o "$work/stccg-rules" ./cmd/stccg-rules
go build -o "$work/stccg-load" ./cmd/stccg-load

status=0
for mode in "${modes[@]}"; do
  redis_args=()
  if [ "$mode" = redis ]; then
    if ! command -v redis-server >/dev/null 2>&1; then
      if [ ${#modes[@]} -gt 1 ]; then
        echo "== redis: skipped, redis-server is not installed"
        continue
      fi
      echo "load.sh: --redis needs redis-server (apt-get install -y redis-server)" >&2
      exit 1
    fi
    rport=$(free_port)
    redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no \
      --logfile "$work/redis.log" --dir "$work" &
    redis_pid=$!
    wait_for "redis-server" 10 redis_ok "$rport"
    redis_args=(--redis "redis://127.0.0.1:$rport")
  fi

  port=$(free_port)
  "$work/stccg-rules" serve --addr "127.0.0.1:$port" --rate-limit 0 "${redis_args[@]}" "${pprof[@]}" \
    >"$work/server-$mode.log" 2>&1 &
  server_pid=$!
  wait_for "stccg-rules (log: $work/server-$mode.log)" 120 http_ok "$port" /readyz

  echo "== $mode: stccg-rules pid $server_pid on 127.0.0.1:$port${redis_args[*]:+, ${redis_args[*]}}"
  if [ ${#pprof[@]} -gt 0 ]; then
    echo "   profile: go tool pprof -top 'http://127.0.0.1:$port/debug/pprof/profile?seconds=10'"
  fi
  which=(--all)
  if [ -n "$scenario" ]; then
    which=(--scenario "healthz,$scenario")
  fi
  "$work/stccg-load" --base "http://127.0.0.1:$port" "${which[@]}" --concurrency 16 --duration 10s \
    --rss-pid "$server_pid" "${load_args[@]}" || status=$?

  cleanup
done
if [ "$status" -ne 0 ] || [ "$keep" -eq 1 ]; then
  echo "logs: $work"
else
  rm -rf "$work" # the request log alone is tens of megabytes a run
fi
exit "$status"
