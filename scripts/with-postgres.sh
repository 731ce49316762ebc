#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL (Debian's postgresql, installed when missing) on a
# free loopback port, DATABASE_URL set for it, its files removed after. Unlike a test database it
# keeps PostgreSQL's durable defaults (fsync on): scripts/multi-node.sh measures with it.
#   bash scripts/with-postgres.sh npm run bench:peak
# As root the server runs as the postgres user.
set -euo pipefail
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PGBIN=$(pg_bin)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PGBIN=$(pg_bin)
fi
as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
dir=$(mktemp -d /tmp/with-postgres-sh.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
stop() {
  as_postgres "'$PGBIN/pg_ctl' -D '$dir/data' -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
as_postgres "'$PGBIN/initdb' -D '$dir/data' -U postgres -A trust -E UTF8" >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log"
  exit 1
}
as_postgres "'$PGBIN/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c max_connections=300\" start" >/dev/null
as_postgres "'$PGBIN/createdb' -h 127.0.0.1 -p $port -U postgres app"
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/app"
echo "with-postgres: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') at $DATABASE_URL" >&2
set +e
"$@"
rc=$?
exit $rc
