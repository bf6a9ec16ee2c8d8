#!/usr/bin/env bash
# The measuring half of `make bench`: drives a running `jiri serve` with wrk,
# measures the floor (pgbench, redis-benchmark) on the same Postgres and Redis,
# runs the JiriBench micro-benchmarks, prints one summary line per scenario and
# writes everything to .local/bench/bench-<timestamp>.json.
#
#   BENCH_URL=http://127.0.0.1:<port> BENCH_SERVER_PID=<pid> \
#   DATABASE_URL=... REDIS_URL=... Benchmarks/run.sh
#
# The server must run with JIRI_RATE_LIMIT_PER_MINUTE=0 and
# JIRI_RETRY_WINDOW_SECONDS=1 (see the README's Benchmarks section). With
# BENCH_PG_APPLICATION set to the application_name of its Postgres connections,
# the CPU of the Postgres backends serving it is reported per turn too; with
# BENCH_SERVER_LOG naming its stderr, the server's own latency percentiles (the
# access log's ms, from the router on) are reported beside wrk's.
# Durations: BENCH_SECONDS_32 (20), BENCH_SECONDS_1 (15), BENCH_FLOOR_SECONDS (10),
# BENCH_SECONDS_GROWTH (10: 32 connections over 10,000 sessions, after a warm-up
# long enough to give every one of them a turn at the rate measured at c=32).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
: "${BENCH_URL:?set BENCH_URL to the running server}"
: "${BENCH_SERVER_PID:?set BENCH_SERVER_PID to the server process id}"
: "${DATABASE_URL:?}" "${REDIS_URL:?}"
SECONDS_32="${BENCH_SECONDS_32:-20}"
SECONDS_1="${BENCH_SECONDS_1:-15}"
FLOOR_SECONDS="${BENCH_FLOOR_SECONDS:-10}"
GROWTH_SECONDS="${BENCH_SECONDS_GROWTH:-10}"
SESSIONS=1000
GROWTH_SESSIONS=10000
JIRIBENCH="${JIRIBENCH:-$ROOT/.build/release/JiriBench}"
OUT="$ROOT/.local/bench"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
WORK="$OUT/$STAMP"
mkdir -p "$WORK"
RESULT="$OUT/bench-$STAMP.json"
CLK_TCK="$(getconf CLK_TCK)"

log() { echo "bench: $*" >&2; }
# awk arithmetic and formatting: calc '<expression>' [format]
calc() { awk "BEGIN { printf \"${2:-%.1f}\", $1 }"; }
# The value of a numeric key in a one-line JSON object.
field() { sed -E "s/.*\"$2\": ([-0-9.e+]+).*/\1/" <<<"$1"; }
# The wrk object inside a scenario's JSON, and its errors (non-2xx and socket).
wrk_of() { sed -E 's/.*"wrk": (\{[^}]*\}).*/\1/' <<<"$1"; }
errors_of() { calc "$(field "$1" non2xx) + $(field "$1" connect_errors) + $(field "$1" read_errors) + $(field "$1" write_errors) + $(field "$1" timeouts)" %d; }

# --- the server process --------------------------------------------------------

server_cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$BENCH_SERVER_PID/stat"; }
machine_ticks() { awk '/^cpu / { idle = $5 + $6; total = 0; for (i = 2; i <= NF; i++) total += $i; print total, idle }' /proc/stat; }
peak_rss_kb() { awk '/^VmHWM:/ { print $2 }' "/proc/$BENCH_SERVER_PID/status"; }
# Resets VmHWM to the current RSS, so each scenario reports its own peak.
reset_peak_rss() { echo 5 >"/proc/$BENCH_SERVER_PID/clear_refs" 2>/dev/null || log "cannot reset VmHWM; peak RSS is since start"; }
# CPU seconds x CLK_TCK of the Postgres backends serving the bench server (local
# Postgres only; 0 when unknown). Their pids are read once, after the warm-up.
PG_BACKENDS=""
pg_backend_ticks() { process_ticks $PG_BACKENDS; }
# The CPU ticks (user + system) of the processes given, summed.
process_ticks() {
    local total=0 pid
    for pid in "$@"; do
        [ -r "/proc/$pid/stat" ] && total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
    done
    echo "$total"
}
# Redis's own CPU seconds (INFO cpu), the whole server: other clients count too.
# redis-cli's arguments for REDIS_URL (redis-benchmark's with `redis_target --dbnum`):
# redis://… as it is, unix://[:password@]/path?db=n as a socket path and a database.
redis_target() {
    local db_flag="${1:--n}"
    case "$REDIS_URL" in
        unix://*)
            local rest="${REDIS_URL#unix://}" password=""
            if [[ "$rest" == *@* ]]; then password="${rest%%@*}"; password="${password#*:}"; rest="${rest#*@}"; fi
            local path="${rest%%\?*}" db
            db="$(sed -nE 's/.*[?&]db=([0-9]+).*/\1/p' <<<"$rest")"
            echo "-s $path $db_flag ${db:-0}${password:+ -a $password}"
            ;;
        *) echo "-u $REDIS_URL" ;;
    esac
}
rcli() { redis-cli $(redis_target) --no-auth-warning "$@"; }
redis_cpu_seconds() {
    rcli INFO cpu | tr -d '\r' | awk -F: '/^used_cpu_(sys|user):/ { s += $2 } END { printf "%.3f", s }'
}
# The server's WAL position; WAL bytes between two positions count every writer
# on the server, the bench's own turns being by far the most.
wal_lsn() { psql "$DATABASE_URL" -qtAX -c "SELECT pg_current_wal_lsn()"; }
wal_bytes() { psql "$DATABASE_URL" -qtAX -c "SELECT pg_wal_lsn_diff('$2', '$1')::bigint"; }
committed_turns() {
    psql "$DATABASE_URL" -qtAX -c "SELECT coalesce(sum(turn_count), 0) FROM sessions WHERE id ~ '^bench-[0-9]+\$'"
}
# Turns answered with a stored response (a repeat of the same body within the retry
# window, which the mix produces at high rates: it repeats some utterances), all kinds.
replayed_turns() {
    curl -fsS "$BENCH_URL/metrics" | awk '/^jiri_turns_replayed_total\{/ { sum += $NF } END { printf "%d", sum }'
}

# --- wrk scenarios --------------------------------------------------------------

# Server-side p50 and p99 (ms) of the POST /turn lines of the access log after line $1.
server_latency() {
    [ -n "${BENCH_SERVER_LOG:-}" ] && [ -r "$BENCH_SERVER_LOG" ] || { echo "null null"; return; }
    tail -n +"$(($1 + 1))" "$BENCH_SERVER_LOG" | grep -F 'POST /turn ' |
        sed -nE 's/.* ms=([0-9.]+) .*/\1/p' | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) { print "null null"; exit }
             p50 = int(0.5 * NR + 0.999); p99 = int(0.99 * NR + 0.999); print v[p50], v[p99] }'
}
log_lines() { [ -n "${BENCH_SERVER_LOG:-}" ] && [ -r "$BENCH_SERVER_LOG" ] && wc -l <"$BENCH_SERVER_LOG" || echo 0; }

# Microseconds during which some task waited on I/O (Linux pressure stall information);
# 0 where the kernel has none. A scenario's share of stalled time tells disk noise
# (a commit's fsync queued behind other writes) from a slower server.
io_stall_us() {
    [ -r /proc/pressure/io ] || { echo 0; return; }
    awk '/^some/ { sub("total=", "", $5); print $5 }' /proc/pressure/io
}

live_sessions() { psql "$DATABASE_URL" -qtAX -c "SELECT count(*) FROM sessions WHERE id ~ '^bench-[0-9]+\$'"; }

# run_turns <name> <connections> <seconds> [sessions] [start]: prints the scenario's
# JSON object; `start` is turn.lua's (each thread skips that many turns).
run_turns() {
    local name="$1" connections="$2" seconds="$3" sessions="${4:-$SESSIONS}" start="${5:-0}" threads=1
    [ "$connections" -ge 8 ] && threads=2
    local before_turns before_replayed after_replayed cpu_before machine_before load pg_before redis_before
    load="$(cut -d' ' -f1 /proc/loadavg)"
    before_turns="$(committed_turns)"
    before_replayed="$(replayed_turns)"
    reset_peak_rss
    cpu_before="$(server_cpu_ticks)"
    machine_before="$(machine_ticks)"
    pg_before="$(pg_backend_ticks)"
    redis_before="$(redis_cpu_seconds)"
    local wal_before log_before io_before
    io_before="$(io_stall_us)"
    wal_before="$(wal_lsn)"
    log_before="$(log_lines)"
    wrk -t"$threads" -c"$connections" -d"${seconds}s" --timeout 10s --latency \
        -s Benchmarks/wrk/turn.lua "$BENCH_URL" -- "$threads" "$sessions" "$start" >"$WORK/wrk-$name.txt"
    local cpu_after machine_after rss_kb after_turns pg_after redis_after
    cpu_after="$(server_cpu_ticks)"
    machine_after="$(machine_ticks)"
    pg_after="$(pg_backend_ticks)"
    redis_after="$(redis_cpu_seconds)"
    rss_kb="$(peak_rss_kb)"
    local io_stall
    io_stall="$(calc "($(io_stall_us) - $io_before) / ($seconds * 1e4)")"
    # Turns wrk abandoned in flight still commit: let them land before counting.
    sleep 1
    local wal
    wal="$(wal_bytes "$wal_before" "$(wal_lsn)")"
    after_turns="$(committed_turns)"
    after_replayed="$(replayed_turns)"
    local server_p50 server_p99
    read -r server_p50 server_p99 < <(server_latency "$log_before")
    local wrk_json
    wrk_json="$(sed -n 's/^BENCH_WRK //p' "$WORK/wrk-$name.txt")"
    [ -n "$wrk_json" ] || { cat "$WORK/wrk-$name.txt" >&2; log "wrk printed no result"; exit 1; }
    local requests cpu_us busy pg_us redis_us
    requests="$(field "$wrk_json" requests)"
    [ "$requests" -gt 0 ] || requests=1
    cpu_us="$(calc "($cpu_after - $cpu_before) * 1e6 / $CLK_TCK / $requests")"
    pg_us="$(calc "($pg_after - $pg_before) * 1e6 / $CLK_TCK / $requests")"
    redis_us="$(calc "($redis_after - $redis_before) * 1e6 / $requests")"
    busy="$(awk -v a="$machine_before" -v b="$machine_after" 'BEGIN { split(a, x, " "); split(b, y, " ");
        total = y[1] - x[1]; printf "%.0f", (total > 0 ? 100 * (1 - (y[2] - x[2]) / total) : 0) }')"
    [ -n "$PG_BACKENDS" ] || pg_us=null
    local committed=$((after_turns - before_turns)) replayed=$((after_replayed - before_replayed))
    printf '{"connections": %d, "threads": %d, "sessions": %d, "wrk": %s, "peak_rss_mb": %s, "server_cpu_us_per_turn": %s, "postgres_backend_cpu_us_per_turn": %s, "redis_cpu_us_per_turn": %s, "wal_bytes_per_turn": %s, "machine_busy_percent": %s, "committed_turns": %d, "replayed_turns": %d, "io_stall_percent": %s, "load_average_before": %s, "server_p50_ms": %s, "server_p99_ms": %s}' \
        "$connections" "$threads" "$sessions" "$wrk_json" "$(calc "$rss_kb / 1024")" "$cpu_us" "$pg_us" "$redis_us" \
        "$(calc "$wal / ($committed > 0 ? $committed : 1)" %.0f)" "$busy" "$committed" "$replayed" "$io_stall" "$load" "$server_p50" "$server_p99"
}

# --- the floor ------------------------------------------------------------------

# The mean latency (ms) a pgbench output file reports.
pgbench_latency() { sed -nE 's/^latency average = ([0-9.]+) ms/\1/p' "$1"; }

# pgbench at 16 clients on a throwaway database of the same server: prints tps.
run_pgbench() {
    local db="jiri_bench_floor_$$" base query url
    base="${DATABASE_URL%%\?*}"
    query=""
    [[ "$DATABASE_URL" == *\?* ]] && query="?${DATABASE_URL#*\?}"
    url="${base%/*}/$db$query"
    psql "$DATABASE_URL" -qtAX -c "CREATE DATABASE $db" >/dev/null
    trap "psql '$DATABASE_URL' -qtAX -c 'DROP DATABASE IF EXISTS $db' >/dev/null 2>&1 || true" RETURN
    psql "$url" -qtAX -f Benchmarks/floor/schema.sql >/dev/null
    local wal_before
    wal_before="$(wal_lsn)"
    pgbench -n -M prepared -c 16 -j 2 -T "$FLOOR_SECONDS" -f Benchmarks/floor/two-row-insert.sql "$url" \
        >"$WORK/pgbench.txt" 2>&1 &
    local bench_pid=$!
    # The backends' CPU per transaction, sampled inside the run (the backends exit with it).
    local cpu_us=null
    if [ "$FLOOR_SECONDS" -ge 6 ]; then
        sleep 2
        local backends ticks_before rows_before ticks_after rows_after
        backends="$(psql "$DATABASE_URL" -qtAX -c "SELECT pid FROM pg_stat_activity WHERE datname = '$db' AND application_name = 'pgbench'")"
        ticks_before="$(process_ticks $backends)"
        rows_before="$(psql "$url" -qtAX -c "SELECT coalesce(max(id), 0) FROM floor_messages")"
        sleep $((FLOOR_SECONDS - 4))
        ticks_after="$(process_ticks $backends)"
        rows_after="$(psql "$url" -qtAX -c "SELECT coalesce(max(id), 0) FROM floor_messages")"
        if [ "$rows_after" -gt "$rows_before" ] && [ "$ticks_after" -gt 0 ]; then
            cpu_us="$(calc "($ticks_after - $ticks_before) * 1e6 / $CLK_TCK / (($rows_after - $rows_before) / 2)")"
        fi
    fi
    wait "$bench_pid"
    local wal transactions
    wal="$(wal_bytes "$wal_before" "$(wal_lsn)")"
    transactions="$(sed -nE 's/^number of transactions actually processed: ([0-9]+).*/\1/p' "$WORK/pgbench.txt")"
    local tps latency
    tps="$(sed -nE 's/^tps = ([0-9.]+) .*/\1/p' "$WORK/pgbench.txt" | head -1)"
    latency="$(pgbench_latency "$WORK/pgbench.txt")"
    [ -n "$tps" ] || { cat "$WORK/pgbench.txt" >&2; log "pgbench printed no tps"; exit 1; }
    # The same transaction from one client: the durable commit's own latency, the floor
    # under the one-connection turn (a turn commits once, and waits for the same fsync).
    pgbench -n -M prepared -c 1 -T 5 -f Benchmarks/floor/two-row-insert.sql "$url" >"$WORK/pgbench-1.txt" 2>&1
    local one_client_latency
    one_client_latency="$(pgbench_latency "$WORK/pgbench-1.txt")"
    printf '{"clients": 16, "seconds": %s, "tps": %s, "latency_avg_ms": %s, "one_client_latency_avg_ms": %s, "wal_bytes_per_transaction": %s, "postgres_backend_cpu_us_per_transaction": %s}' \
        "$FLOOR_SECONDS" "$tps" "${latency:-null}" "${one_client_latency:-null}" "$(calc "$wal / (${transactions:-0} > 0 ? ${transactions:-0} : 1)" %.0f)" "$cpu_us"
}

# redis-benchmark GET and SET at 32 clients, no pipelining: prints both rates.
run_redis_benchmark() {
    # shellcheck disable=SC2046
    redis-benchmark $(redis_target --dbnum) -t get,set -c 32 -n 200000 -P 1 --csv \
        >"$WORK/redis-benchmark.csv" 2>/dev/null
    rcli DEL "key:__rand_int__" >/dev/null
    local get set get_p50 set_p50
    set="$(awk -F'","' '/^"SET"/ { print $2 }' "$WORK/redis-benchmark.csv")"
    get="$(awk -F'","' '/^"GET"/ { print $2 }' "$WORK/redis-benchmark.csv")"
    set_p50="$(awk -F'","' '/^"SET"/ { print $5 }' "$WORK/redis-benchmark.csv")"
    get_p50="$(awk -F'","' '/^"GET"/ { print $5 }' "$WORK/redis-benchmark.csv")"
    printf '{"clients": 32, "set_per_second": %s, "get_per_second": %s, "set_p50_ms": %s, "get_p50_ms": %s}' \
        "$set" "$get" "$set_p50" "$get_p50"
}

# --- growth: what a live session and a turn occupy ---------------------------------

run_footprint() {
    local session_bytes turn_bytes trace_bytes
    session_bytes="$(for n in 0 1 2 3 4 5 6 7; do rcli MEMORY USAGE "jiri:session:{bench-$n}"; done |
        awk '$1 > 0 { s += $1; c++ } END { printf "%.0f", c ? s / c : 0 }')"
    read -r turn_bytes trace_bytes < <(psql "$DATABASE_URL" -qtAX -F' ' -c "
        SELECT round(avg(pg_column_size(t.*))), round(avg(coalesce(pg_column_size(t.handoff_trace), 0)))
        FROM (SELECT * FROM turns WHERE session_id IN (SELECT id FROM sessions WHERE id ~ '^bench-[0-9]+\$' LIMIT 50)
              ORDER BY created_at DESC LIMIT 2000) t")
    printf '{"redis_bytes_per_live_session": %s, "postgres_turn_row_bytes": %s, "postgres_trace_bytes_per_turn": %s}' \
        "${session_bytes:-0}" "${turn_bytes:-0}" "${trace_bytes:-0}"
}

# --- run --------------------------------------------------------------------------

curl -fsS "$BENCH_URL/readyz" >/dev/null || { log "the server at $BENCH_URL is not ready"; exit 1; }
log "results in $WORK"

log "floor: pgbench, 16 clients, ${FLOOR_SECONDS}s, then one client, 5s"
PGBENCH="$(run_pgbench)"
log "floor: redis-benchmark GET/SET, 32 clients"
REDIS="$(run_redis_benchmark)"

log "warm-up: 32 connections, 4s (every session exists afterwards)"
wrk -t2 -c32 -d4s -s Benchmarks/wrk/turn.lua "$BENCH_URL" -- 2 "$SESSIONS" >"$WORK/wrk-warmup.txt"
if [ -n "${BENCH_PG_APPLICATION:-}" ]; then
    PG_BACKENDS="$(psql "$DATABASE_URL" -qtAX -c "SELECT pid FROM pg_stat_activity WHERE application_name = '$BENCH_PG_APPLICATION'" | tr '\n' ' ')"
fi
log "POST /turn: 32 connections, ${SECONDS_32}s"
TURN_32="$(run_turns c32 32 "$SECONDS_32")"
log "POST /turn: 1 connection, ${SECONDS_1}s"
TURN_1="$(run_turns c1 1 "$SECONDS_1")"
growth_warmup="$(calc "$GROWTH_SESSIONS / $(field "$(wrk_of "$TURN_32")" turns_per_second) + 2" %.0f)"
[ "$growth_warmup" -le 60 ] || growth_warmup=60
log "warm-up: 32 connections over $GROWTH_SESSIONS sessions, ${growth_warmup}s (a turn for each)"
wrk -t2 -c32 -d"${growth_warmup}s" -s Benchmarks/wrk/turn.lua "$BENCH_URL" -- 2 "$GROWTH_SESSIONS" >"$WORK/wrk-warmup-growth.txt"
warmup_requests="$(sed -nE 's/^ *([0-9]+) requests in .*/\1/p' "$WORK/wrk-warmup-growth.txt")"
log "POST /turn: 32 connections over $GROWTH_SESSIONS sessions, ${GROWTH_SECONDS}s"
sessions_before="$(live_sessions)"
TURN_GROWTH="$(run_turns c32-10k 32 "$GROWTH_SECONDS" "$GROWTH_SESSIONS" "$((warmup_requests / 2))")"
NEW_SESSIONS=$(($(live_sessions) - sessions_before))
FOOTPRINT="$(run_footprint)"

log "JiriBench micro-benchmarks"
"$JIRIBENCH" --json "$WORK/jiribench.json" | tee "$WORK/jiribench.txt" >&2

# --- summary ----------------------------------------------------------------------

pg_tps="$(field "$PGBENCH" tps)"
summary_line() {
    local label="$1" json="$2" wrk
    wrk="$(wrk_of "$json")"
    printf '%-14s %8.1f turns/s  p50 %6.2f ms  p90 %6.2f ms  p99 %7.2f ms  p99.9 %7.2f ms  (server p50 %s, p99 %s ms)  errors %d  peak RSS %5.1f MB  CPU/turn: jiri %4.0f µs, postgres %s µs, redis %s µs  %.2fx pgbench  I/O stalled %s %%\n' \
        "$label" "$(field "$wrk" turns_per_second)" "$(field "$wrk" p50_ms)" "$(field "$wrk" p90_ms)" \
        "$(field "$wrk" p99_ms)" "$(field "$wrk" p999_ms)" \
        "$(sed -E 's/.*"server_p50_ms": ([^,]+),.*/\1/' <<<"$json")" "$(sed -E 's/.*"server_p99_ms": ([^}]+)}.*/\1/' <<<"$json")" \
        "$(errors_of "$wrk")" \
        "$(field "$json" peak_rss_mb)" "$(field "$json" server_cpu_us_per_turn)" \
        "$(sed -E 's/.*"postgres_backend_cpu_us_per_turn": ([^,]+),.*/\1/' <<<"$json")" "$(field "$json" redis_cpu_us_per_turn)" \
        "$(calc "$(field "$wrk" turns_per_second) / $pg_tps" %.3f)" "$(field "$json" io_stall_percent)"
}
wrk32="$(wrk_of "$TURN_32")"
wrk1="$(wrk_of "$TURN_1")"
ratio="$(calc "$(field "$wrk32" turns_per_second) / $pg_tps" %.3f)"
errors_total="$(($(errors_of "$wrk32") + $(errors_of "$wrk1") + $(errors_of "$(wrk_of "$TURN_GROWTH")")))"
peak="$(printf '%s\n' "$(field "$TURN_32" peak_rss_mb)" "$(field "$TURN_1" peak_rss_mb)" "$(field "$TURN_GROWTH" peak_rss_mb)" | sort -g | tail -1)"
verdict() { awk "BEGIN { exit !($1) }" && echo met || echo "NOT met"; }
# A figure of JiriBench's JSON by name (its objects list "name" before "value").
micro() { awk -v n="$1" '
    /"name" :/ { name = $0; sub(/.*"name" : "/, "", name); sub(/",?$/, "", name) }
    /"value" :/ { value = $0; sub(/.*"value" : /, "", value); sub(/,$/, "", value); if (name == n) { print value; exit } }' "$WORK/jiribench.json"; }
matcher_rate="$(micro "dev set, shipped catalog rate")"
decide_ns="$(micro "decide, shipped rules time")"

{
    echo
    echo "== make bench $STAMP ($(nproc) cores, load average before: $(field "$TURN_32" load_average_before))"
    summary_line "turn c=32" "$TURN_32"
    summary_line "turn c=1" "$TURN_1"
    summary_line "c=32 10k sess" "$TURN_GROWTH"
    printf '%-14s %d of the 10,000 sessions were new during the 10k-session run (their first turn also reads Postgres)\n' "" "$NEW_SESSIONS"
    printf '%-14s %8.1f tps      latency avg %s ms (durable two-row insert, 16 clients; %s ms from one client), WAL %s B/transaction, postgres CPU %s µs/transaction\n' "floor pgbench" \
        "$pg_tps" "$(field "$PGBENCH" latency_avg_ms)" "$(field "$PGBENCH" one_client_latency_avg_ms)" "$(field "$PGBENCH" wal_bytes_per_transaction)" \
        "$(sed -E 's/.*"postgres_backend_cpu_us_per_transaction": ([^}]+)}.*/\1/' <<<"$PGBENCH")"
    printf '%-14s GET %.0f/s  SET %.0f/s (32 clients, no pipelining)\n' "floor redis" "$(field "$REDIS" get_per_second)" "$(field "$REDIS" set_per_second)"
    printf '%-14s committed %d + replayed %d of %s turns at c=32, %d + %d of %s at c=1 (each 2xx turn is one durable commit or a stored answer to a repeat), WAL %s B/turn\n' "durability" \
        "$(field "$TURN_32" committed_turns)" "$(field "$TURN_32" replayed_turns)" "$(field "$wrk32" requests)" \
        "$(field "$TURN_1" committed_turns)" "$(field "$TURN_1" replayed_turns)" "$(field "$wrk1" requests)" \
        "$(field "$TURN_32" wal_bytes_per_turn)"
    printf '%-14s Redis %s B per live session, Postgres %s B per turn row (%s B of it the handoff trace)\n' "footprint" \
        "$(field "$FOOTPRINT" redis_bytes_per_live_session)" "$(field "$FOOTPRINT" postgres_turn_row_bytes)" "$(field "$FOOTPRINT" postgres_trace_bytes_per_turn)"
    printf '%-14s matcher %.0f utterances/s, decision %.0f ns (details above and in the JSON)\n' "micro" "$matcher_rate" "$decide_ns"
    echo "targets:"
    echo "  >= 0.6x the pgbench floor at 32 connections: ${ratio}x, $(verdict "$ratio >= 0.6")"
    echo "  p99 <= 5 ms at 32 connections: $(field "$wrk32" p99_ms) ms, $(verdict "$(field "$wrk32" p99_ms) <= 5")"
    echo "  p50 <= 0.6 ms at 1 connection: $(field "$wrk1" p50_ms) ms, $(verdict "$(field "$wrk1" p50_ms) <= 0.6")"
    echo "  peak RSS <= 50 MB: $peak MB, $(verdict "$peak <= 50")"
    echo "  zero errors (all scenarios): $errors_total, $(verdict "$errors_total == 0")"
    echo "  matcher >= 500k utterances/s: $(calc "$matcher_rate" %.0f), $(verdict "$matcher_rate >= 500000")"
    echo "  decision <= 2 us: $(calc "$decide_ns / 1000" %.2f) us, $(verdict "$decide_ns <= 2000")"
    echo "results: $RESULT"
} | tee "$WORK/summary.txt"

printf '{\n"timestamp": "%s",\n"commit": "%s",\n"cores": %d,\n"server": {"retry_window_seconds": 1, "rate_limit_per_minute": 0},\n"turn_c32": %s,\n"turn_c1": %s,\n"turn_c32_10k_sessions": %s,\n"new_sessions_in_10k_run": %d,\n"pgbench": %s,\n"redis": %s,\n"turns_per_pgbench_tps_c32": %s,\n"footprint": %s,\n"micro": %s\n}\n' \
    "$STAMP" "$(git rev-parse HEAD 2>/dev/null || echo unknown)" "$(nproc)" \
    "$TURN_32" "$TURN_1" "$TURN_GROWTH" "$NEW_SESSIONS" "$PGBENCH" "$REDIS" "$ratio" "$FOOTPRINT" "$(cat "$WORK/jiribench.json")" >"$RESULT"
