#!/usr/bin/env bash
# Issue 30 point 5, docs/deployment.md "Several app servers": the app as several processes behind
# HAProxy, on one PostgreSQL reached through PgBouncer in transaction pooling, realtime over Redis,
# and bench:peak's load against the proxy while one process is killed (SIGKILL) mid-run. Every
# part is a Debian package, installed when missing, started and stopped here; nothing else runs.
#   bash scripts/multi-node.sh                  3 processes, the kill 20 s into the first rate
#   NODES=4 BENCH_KILL_AT_SECONDS=0 BENCH_RATES=10,20,30 bash scripts/multi-node.sh
# Any other BENCH_* variable of bench/peak.ts applies. Prints the bench's figures, then the
# kill's: requests cut off and sent again, orders made whose answer was lost, sockets back.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${MULTI_NODE_INNER:-}" != 1 ]; then
  if ! command -v haproxy >/dev/null 2>&1; then
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
  fi
  node scripts/compliance-rules.mjs
  export MULTI_NODE_INNER=1
  exec bash scripts/with-postgres.sh bash scripts/with-pgbouncer.sh bash scripts/with-redis.sh bash "$0" "$@"
fi

: "${DATABASE_URL:?}" "${DATABASE_DIRECT_URL:?}" "${REDIS_URL:?}"
nodes=${NODES:-3}
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
ports=()
for _ in $(seq 1 "$nodes"); do ports+=("$(free_port)"); done
proxy=$(free_port)
dir=$(mktemp -d /tmp/multi-node.XXXXXX)
{
  cat <<CFG
global
  maxconn 8000
  pidfile $dir/haproxy.pid
defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout http-keep-alive 60s
  # WebSockets: the customer chat and staff order sockets stay open for the whole run.
  timeout tunnel 1h
  # A connection refused by a process that died is tried again on another (nothing was sent, so
  # even a POST is safe to send there); a request already sent is never sent twice by the proxy.
  retries 3
  option redispatch 1
frontend app
  bind 127.0.0.1:$proxy
  maxconn 8000
  default_backend nodes
backend nodes
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  http-response set-header X-Served-By %[srv_name]
  # A process that died refuses connections at once (those are sent elsewhere, above); the checks
  # take it out of the rotation after 3 failed seconds. A busy process is slow, not down: a check
  # may take 5 s before it counts as failed.
  timeout check 5s
  # A connection a process refuses in live traffic takes it out at once (observe layer4), so the
  # sockets it held reconnect to the others without waiting for the checks.
  default-server inter 1s fall 3 rise 2 maxconn 2000 observe layer4 error-limit 1 on-error mark-down
CFG
  i=0
  for p in "${ports[@]}"; do
    i=$((i + 1))
    echo "  server node$i 127.0.0.1:$p check"
  done
} >"$dir/haproxy.cfg"
haproxy -c -q -f "$dir/haproxy.cfg"
haproxy -D -f "$dir/haproxy.cfg"
stop() {
  if [ -f "$dir/haproxy.pid" ]; then kill "$(cat "$dir/haproxy.pid")" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap stop EXIT
echo "multi-node: $(haproxy -v | head -n 1 | awk '{print "HAProxy", $3}') on 127.0.0.1:$proxy in front of $nodes app processes (ports ${ports[*]})" >&2
set +e
BENCH_NODE_PORTS=$(IFS=,; echo "${ports[*]}") BENCH_PROXY_PORT=$proxy BENCH_KILL_AT_SECONDS=${BENCH_KILL_AT_SECONDS:-20} \
  npx tsx bench/peak.ts
rc=$?
exit $rc
