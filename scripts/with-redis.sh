#!/usr/bin/env bash
# Runs a command with a throwaway Redis (Debian's redis-server, installed when missing) on a free
# loopback port, REDIS_URL set for it (issue 30 point 2, docs/decisions/051). Nothing is saved
# to disk; the server stops after the command.
#   bash scripts/with-redis.sh npm run test:api
set -euo pipefail
if ! command -v redis-server >/dev/null 2>&1; then
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
dir=$(mktemp -d /tmp/with-redis.XXXXXX)
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" --daemonize yes \
  --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
stop() {
  if [ -f "$dir/redis.pid" ]; then kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap stop EXIT
for _ in $(seq 1 100); do
  node -e 'require("net").connect(Number(process.argv[1]),"127.0.0.1").on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))' "$port" && break
  sleep 0.1
done
export REDIS_URL="redis://127.0.0.1:$port"
echo "with-redis: $(redis-server --version | awk '{print $3}') at $REDIS_URL" >&2
set +e
"$@"
rc=$?
exit $rc
