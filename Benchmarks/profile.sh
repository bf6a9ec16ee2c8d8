#!/usr/bin/env bash
# Where a turn's CPU goes. Not part of `make bench`; run after it (release
# builds present, the local stack running):
#
#   Benchmarks/profile.sh perf [seconds]        sample `jiri serve` under the wrk mix at 32
#                                               connections (perf, cpu-clock, call graphs)
#   Benchmarks/profile.sh callgrind [turns]     count instructions per turn: JiriBench's
#                                               in-process pipeline under valgrind, run
#                                               with <turns>/3 and <turns> turns; the
#                                               difference divided by the extra turns
#                                               leaves out start-up and warm-up
#   Benchmarks/profile.sh matcher [rounds] [text]
#                                               instructions per match: the matcher over the
#                                               dev set (or one utterance), the same way
#   BENCH_MATCHER_EACH=1 .build/release/JiriBench --only matcher
#                                               time per dev-set utterance, one by one
#
# Hardware counters are often missing on VMs (`perf stat -e instructions true`
# says <not supported>): perf then samples the cpu-clock software event. valgrind
# cannot run `jiri serve` itself (it crashes in libdispatch's dispatch_main), so
# callgrind profiles the same TurnService wiring in JiriBench, without HTTP.
# Only synchronous functions have meaningful inclusive costs under callgrind: an
# async function's "inclusive" cost also holds the continuations that resumed
# inside it.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export PATH="/opt/swift/usr/bin:$PATH"
# Through the local stack's Unix sockets, as `make bench` runs (DATABASE_URL and
# REDIS_URL, when set, are used as they are).
eval "export $(deploy/local/stack.sh socket-env | tr '\n' ' ')"
OUT="$ROOT/.local/bench/profile-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT"
demangle() { swift demangle --simplified; }
# The reports end in `head`: a closed pipe upstream is expected, not a failure.
report() { set +o pipefail; "$@"; set -o pipefail; }

# Below the ephemeral range (32768-60999 on Linux), so no outgoing connection holds it.
free_port() {
    for p in $(shuf -i 20000-32000 -n 50); do
        (exec 3<>/dev/tcp/127.0.0.1/"$p") 2>/dev/null || { echo "$p"; return; }
    done
}

SERVER_PID=""
stop_server() { [ -z "$SERVER_PID" ] || { kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true; }; }
trap stop_server EXIT

profile_perf() {
    local seconds="${1:-10}" port pid
    port="$(free_port)"
    JIRI_RATE_LIMIT_PER_MINUTE=0 JIRI_RETRY_WINDOW_SECONDS=1 .build/release/jiri serve --host 127.0.0.1 --port "$port" 2>"$OUT/server.log" &
    SERVER_PID=$!
    pid=$SERVER_PID
    for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { tail -5 "$OUT/server.log" >&2; exit 1; }
    wrk -t2 -c32 -d4s -s Benchmarks/wrk/turn.lua "http://127.0.0.1:$port" -- 2 1000 >/dev/null
    wrk -t2 -c32 -d"$((seconds + 4))s" --latency -s Benchmarks/wrk/turn.lua "http://127.0.0.1:$port" -- 2 1000 >"$OUT/wrk.txt" &
    local wrk_pid=$!
    sleep 2
    perf record -a -g -e cpu-clock -F 999 -o "$OUT/perf.data" -- sleep "$seconds" 2>/dev/null
    wait "$wrk_pid"
    echo "== wrk"; sed -n 's/^BENCH_WRK //p' "$OUT/wrk.txt"
    report perf_reports "$pid" "$seconds"
}

perf_reports() {
    local pid="$1" seconds="$2"
    echo "== CPU samples by process (whole machine, ${seconds}s)"
    perf report -i "$OUT/perf.data" --no-children --sort comm --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' | head -12
    echo "== jiri: by library"
    perf report -i "$OUT/perf.data" --pid "$pid" --percentage relative --no-children --sort dso --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' | head -10
    echo "== jiri: inclusive (children), Jiri's own frames and the heavy library frames"
    perf report -i "$OUT/perf.data" --pid "$pid" --percentage relative --children --sort symbol --stdio -g none --percent-limit 0.4 2>/dev/null |
        grep -E '^ +[0-9]' | demangle | cut -c1-160 |
        grep -E 'TurnService|TurnController|SessionCache|TranscriptStore|Handoff|IntentMatcher|Dialogue|Middleware|JSONEncoder.encode<|JSONDecoder.decode<|String.init\(format|LogHandler|schedule|futex|tcp_sendmsg' | head -40
    echo "perf data: $OUT/perf.data"
}

# callgrind_annotate's per-function Ir (inclusive or self), "<Ir> <function>" per line.
# A recursive function's deeper calls are listed as "function'2", "'3", …: their self
# costs add up to the function's, while their inclusive costs would count it twice.
annotate() {
    callgrind_annotate --inclusive="$2" --threshold=100 "$1" 2>/dev/null |
        awk -v inclusive="$2" '/^ *[0-9,]+ \(/ { ir = $1; gsub(",", "", ir); fn = $0; sub(/^ *[0-9,]+ \([^)]*\) +/, "", fn);
             sub(/ \[[^]]*\]$/, "", fn); sub(/^[^:]*:/, "", fn); if (fn == "PROGRAM TOTALS") next;
             if (fn ~ /'"'"'[0-9]+$/) { if (inclusive == "yes") next; sub(/'"'"'[0-9]+$/, "", fn) }
             total[fn] += ir } END { for (fn in total) print total[fn], fn }'
}

profile_callgrind() {
    local turns="${1:-900}" small
    small=$((turns / 3))
    # valgrind 3.19 cannot read the DWARF 5 that swiftc emits: symbols are enough.
    objcopy --strip-debug .build/release/JiriBench "$OUT/JiriBench"
    for n in "$small" "$turns"; do
        echo "callgrind: $n turns" >&2
        BENCH_PIPELINE_TURNS="$n" valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.$n" \
            "$OUT/JiriBench" --only pipeline >"$OUT/valgrind.$n.log" 2>&1
    done
    local extra=$((turns - small))
    for kind in yes no; do
        annotate "$OUT/callgrind.$small" "$kind" >"$OUT/ir.$kind.$small"
        annotate "$OUT/callgrind.$turns" "$kind" >"$OUT/ir.$kind.$turns"
    done
    local total_small total_large
    total_small=$(sed -nE 's/.*I +refs: +([0-9,]+).*/\1/p' "$OUT/valgrind.$small.log" | tr -d ,)
    total_large=$(sed -nE 's/.*I +refs: +([0-9,]+).*/\1/p' "$OUT/valgrind.$turns.log" | tr -d ,)
    local per_turn=$(((total_large - total_small) / extra))
    echo "== instructions per turn (TurnService.handle, no HTTP): $per_turn"
    report callgrind_reports "$small" "$turns" "$per_turn"
}

# Per-turn Ir of each function: its cost in the long run minus the short run, per
# extra turn, with its share of a turn; only functions above 0.5 % of a turn.
per_turn_costs() {
    local short="$1" long="$2" extra="$3" per_turn="$4"
    awk -v extra="$extra" -v total="$per_turn" 'NR == FNR { small[substr($0, index($0, " ") + 1)] = $1; next }
        { fn = substr($0, index($0, " ") + 1); d = ($1 - small[fn]) / extra;
          if (d > total / 200) printf "%10.0f %5.1f%%  %s\n", d, 100 * d / total, fn }' "$short" "$long" | sort -rn
}

callgrind_reports() {
    local small="$1" turns="$2" per_turn="$3" extra=$(($2 - $1))
    echo "== synchronous hot spots, inclusive Ir per turn (share of the turn)"
    per_turn_costs "$OUT/ir.yes.$small" "$OUT/ir.yes.$turns" "$extra" "$per_turn" | demangle |
        grep -E 'JSONEncoder.encode<A>\(_:\)$|JSONDecoder.decode<A>\(_:from:\)$|\.encode\(to:\)$|\.init\(from:\)$|TurnService\.(hex|hash|fingerprint)|String.init\(format|IntentMatcher.match|HandoffEngine.explain|SHA256|LibPQHandle.execute|HiredisContext.pipeline|MatchContext|Calendar' |
        grep -v 'protocol witness\|dispatch thunk\|Array<A>\|KeyedEncodingContainer\|Optional<A>\|Dictionary<' | head -30
    echo "== self Ir per turn"
    per_turn_costs "$OUT/ir.no.$small" "$OUT/ir.no.$turns" "$extra" "$per_turn" | demangle | head -25
    echo "callgrind data: $OUT/callgrind.$turns"
}

profile_matcher() {
    local rounds="${1:-80}" text="${2:-}" small per count
    small=$((rounds / 4))
    objcopy --strip-debug .build/release/JiriBench "$OUT/JiriBench"
    for n in "$small" "$rounds"; do
        env BENCH_MATCHER_ROUNDS="$n" ${text:+"BENCH_MATCHER_TEXT=$text"} valgrind --tool=callgrind \
            --callgrind-out-file="$OUT/callgrind.$n" "$OUT/JiriBench" --only matcher >"$OUT/valgrind.$n.log" 2>&1
    done
    count=1
    [ -n "$text" ] || count=$(grep -c . ../shared/eval/dev.jsonl)
    local extra=$(((rounds - small) * count)) total_small total_large
    for kind in yes no; do
        annotate "$OUT/callgrind.$small" "$kind" >"$OUT/ir.$kind.$small"
        annotate "$OUT/callgrind.$rounds" "$kind" >"$OUT/ir.$kind.$rounds"
    done
    total_small=$(sed -nE 's/.*I +refs: +([0-9,]+).*/\1/p' "$OUT/valgrind.$small.log" | tr -d ,)
    total_large=$(sed -nE 's/.*I +refs: +([0-9,]+).*/\1/p' "$OUT/valgrind.$rounds.log" | tr -d ,)
    per=$(((total_large - total_small) / extra))
    echo "== instructions per match: $per"
    echo "== self Ir per match"
    report per_turn_costs "$OUT/ir.no.$small" "$OUT/ir.no.$rounds" "$extra" "$per" | demangle | head -25
    echo "callgrind data: $OUT/callgrind.$rounds"
}

case "${1:-}" in
    perf) profile_perf "${2:-10}" ;;
    callgrind) profile_callgrind "${2:-900}" ;;
    matcher) profile_matcher "${2:-80}" "${3:-}" ;;
    *) echo "usage: $0 perf [seconds] | callgrind [turns] | matcher [rounds] [text]" >&2; exit 2 ;;
esac
