#!/usr/bin/env bash
# Runs a command with the database behind Debian's PgBouncer in transaction pooling, as managed
# PostgreSQL services put it (issue 30 point 3, docs/decisions/050). Needs DATABASE_URL set to a
# PostgreSQL server (e.g. under ../shared/scripts/with-postgres); installs pgbouncer when missing,
# starts it on a free loopback port with every database of that server behind it, and runs CMD
# with DATABASE_URL pointing at PgBouncer and DATABASE_DIRECT_URL at the server (the app's session
# connections: LISTEN, session locks, migrations). Stops PgBouncer after.
#   ../shared/scripts/with-postgres bash scripts/with-pgbouncer.sh npm run test:api
set -euo pipefail
: "${DATABASE_URL:?with-pgbouncer: DATABASE_URL must name the PostgreSQL server}"
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
fi
BOUNCER=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)

read -r pghost pgport pguser < <(node -e 'const u=new URL(process.env.DATABASE_URL);console.log(u.hostname, u.port||5432, decodeURIComponent(u.username)||"postgres")')
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
dir=$(mktemp -d /tmp/with-pgbouncer.XXXXXX)
# PgBouncer refuses to run as root: as root, it runs as the postgres user.
as_bouncer() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$pghost port=$pgport
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
# The admin console (psql to the database "pgbouncer"): tests KILL a test database's server connections before dropping it.
admin_users = $pguser
max_client_conn = 2000
default_pool_size = 20
max_db_connections = 40
server_idle_timeout = 10
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
printf '"%s" ""\n' "$pguser" >"$dir/users.txt"
[ "$(id -u)" = 0 ] && chown -R postgres:postgres "$dir"
stop() {
  if [ -f "$dir/pgbouncer.pid" ]; then kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap stop EXIT
as_bouncer "'$BOUNCER' -d '$dir/pgbouncer.ini'"
for _ in $(seq 1 100); do
  node -e 'require("net").connect(Number(process.argv[1]),"127.0.0.1").on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))' "$port" && break
  sleep 0.1
done
export DATABASE_DIRECT_URL="$DATABASE_URL"
DATABASE_URL=$(node -e 'const u=new URL(process.env.DATABASE_DIRECT_URL);u.hostname="127.0.0.1";u.port=process.argv[1];console.log(u.toString())' "$port")
export DATABASE_URL
echo "with-pgbouncer: $("$BOUNCER" --version | head -n 1) in transaction pooling at $DATABASE_URL (direct: $DATABASE_DIRECT_URL)" >&2
set +e
"$@"
rc=$?
exit $rc
