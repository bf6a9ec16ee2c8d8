#!/usr/bin/env bash
# Starts or stops the local development Postgres and Redis under .local/,
# bound to loopback on non-default ports. A server whose URL the caller set
# (DATABASE_URL / REDIS_URL) is neither started nor stopped here.
#
#   stack.sh start   start what is not running, wait until ready, print env
#   stack.sh stop    stop what this script started
#   stack.sh env     print the URLs to export
#   stack.sh socket-env [database] [redis-db]
#                    the same servers through their Unix sockets (make bench), or
#                    the TCP URLs when the servers were started without them
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
LOCAL="$ROOT/.local"
PG_PORT="${JIRI_PG_PORT:-54329}"
REDIS_PORT="${JIRI_REDIS_PORT:-63799}"
PG_DATA="$LOCAL/postgres"
REDIS_DIR="$LOCAL/redis"
# Both servers also listen on Unix sockets here (on one machine a round trip through
# a socket costs both sides less than loopback TCP).
SOCKETS="$LOCAL/sockets"
# A socket's path must fit in 107 bytes (sun_path): in a deeper checkout the servers
# listen on TCP only, and socket-env prints the TCP URLs.
PG_SOCKETS="$SOCKETS"
REDIS_SOCKET_ARGS=(--unixsocket "$SOCKETS/redis.sock" --unixsocketperm 700)
if [ "${#SOCKETS}" -gt 80 ]; then
    PG_SOCKETS=""
    REDIS_SOCKET_ARGS=()
fi
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
LOCAL_DATABASE_URL="postgres://jiri@127.0.0.1:$PG_PORT/jiri"
LOCAL_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"

# Postgres refuses to run as root: run its binaries as the postgres user then.
as_pg() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Every turn writes about 4 KB of WAL. With the default max_wal_size (1 GB) a server
# answering 2,000 turns/s checkpoints every minute, and each checkpoint makes the next
# change to every hot page write a full page image: the commits' fsyncs then queue
# behind that I/O (make bench saw p99 jump to hundreds of ms). A write-heavy service
# runs with room for several minutes of WAL between checkpoints, as this one does.
PG_TUNING="-c max_wal_size=4GB -c checkpoint_timeout=15min"

start_postgres() {
    mkdir -p "$LOCAL" "$SOCKETS"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$SOCKETS"
    if [ ! -s "$PG_DATA/PG_VERSION" ]; then
        mkdir -p "$PG_DATA"
        [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$PG_DATA"
        chmod 700 "$PG_DATA"
        as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U jiri --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$LOCAL/initdb.log"
    fi
    if ! as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1; then
        as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w -t 60 start \
            -o "-c listen_addresses=127.0.0.1 -c port=$PG_PORT -c unix_socket_directories='$PG_SOCKETS' -c max_connections=200 $PG_TUNING" >/dev/null
    fi
    for _ in $(seq 1 60); do
        "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" && break
        sleep 0.5
    done
    if ! "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U jiri -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='jiri'" | grep -q 1; then
        "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U jiri jiri
    fi
}

start_redis() {
    mkdir -p "$REDIS_DIR" "$SOCKETS"
    if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
        redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes \
            "${REDIS_SOCKET_ARGS[@]}" \
            --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" \
            --dir "$REDIS_DIR" --save "" --appendonly no >/dev/null
    fi
    for _ in $(seq 1 60); do
        redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0
        sleep 0.25
    done
    echo "jiri: redis did not become ready on port $REDIS_PORT" >&2
    exit 1
}

stop_postgres() {
    if [ -s "$PG_DATA/PG_VERSION" ] && as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1; then
        as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null
        echo "jiri: stopped postgres on port $PG_PORT"
    fi
}

stop_redis() {
    if [ -f "$REDIS_DIR/redis.pid" ] && kill -0 "$(cat "$REDIS_DIR/redis.pid")" 2>/dev/null; then
        redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || kill "$(cat "$REDIS_DIR/redis.pid")"
        echo "jiri: stopped redis on port $REDIS_PORT"
    fi
}

case "${1:-}" in
    start)
        [ -z "${DATABASE_URL:-}" ] && start_postgres
        [ -z "${REDIS_URL:-}" ] && start_redis
        ;;
    stop)
        stop_postgres
        stop_redis
        ;;
    env)
        echo "DATABASE_URL=${DATABASE_URL:-$LOCAL_DATABASE_URL}"
        echo "REDIS_URL=${REDIS_URL:-$LOCAL_REDIS_URL}"
        ;;
    socket-env)
        database="${2:-jiri}" redis_db="${3:-0}"
        if [ -S "$SOCKETS/.s.PGSQL.$PG_PORT" ]; then
            echo "DATABASE_URL=${DATABASE_URL:-postgres://jiri@:$PG_PORT/$database?host=$SOCKETS}"
        else
            echo "DATABASE_URL=${DATABASE_URL:-postgres://jiri@127.0.0.1:$PG_PORT/$database}"
        fi
        if [ -S "$SOCKETS/redis.sock" ]; then
            echo "REDIS_URL=${REDIS_URL:-unix://$SOCKETS/redis.sock?db=$redis_db}"
        else
            echo "REDIS_URL=${REDIS_URL:-redis://127.0.0.1:$REDIS_PORT/$redis_db}"
        fi
        ;;
    *)
        echo "usage: $0 start|stop|env|socket-env [database] [redis-db]" >&2
        exit 2
        ;;
esac
