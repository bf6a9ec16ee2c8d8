#!/usr/bin/env bash
# Fuzzes a running `jiri serve` against its own /openapi.yaml with schemathesis
# and fails on any 5xx, schema violation or other failed check.
#
#   deploy/fuzz/run.sh [path/to/jiri]     (make test runs it after swift test)
#
# Needs DATABASE_URL and REDIS_URL (a migrated database). Installs schemathesis
# into .local/venv when it is missing, starts the server on a free loopback
# port, runs the fuzzer and always stops the server. FUZZ_MAX_EXAMPLES (50) and
# FUZZ_SEED (random; printed on every run) tune it.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
JIRI="${1:-$ROOT/.build/debug/jiri}"
VENV="$ROOT/.local/venv"
WORK="$ROOT/.local/fuzz"
SCHEMATHESIS_VERSION="schemathesis>=4.32,<5"
MAX_EXAMPLES="${FUZZ_MAX_EXAMPLES:-50}"

: "${DATABASE_URL:?DATABASE_URL must point at a migrated database}"
: "${REDIS_URL:?REDIS_URL must be set}"
[ -x "$JIRI" ] || { echo "fuzz: $JIRI is not built (swift build --product jiri)" >&2; exit 1; }

if [ ! -x "$VENV/bin/st" ]; then
    echo "fuzz: installing $SCHEMATHESIS_VERSION into $VENV"
    rm -rf "$VENV"
    if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
        # Debian's python3 needs python3-venv for `python3 -m venv`.
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        fi
        rm -rf "$VENV"
        python3 -m venv "$VENV" || { echo "fuzz: python3 -m venv failed (install python3-venv)" >&2; exit 1; }
    fi
    "$VENV/bin/pip" install --quiet "$SCHEMATHESIS_VERSION"
fi

rm -rf "$WORK/report"
mkdir -p "$WORK"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT"
SERVER_LOG="$WORK/serve.log"

# Loopback bind: anonymous access, as the original clients use it. No rate
# limit, so a 429 never hides what the fuzzer sent.
HOST=127.0.0.1 PORT="$PORT" LOG_LEVEL=warning JIRI_RATE_LIMIT_PER_MINUTE=0 \
    JIRI_CATALOG_DIR="$ROOT/deploy/config/apps" JIRI_RULES_FILE="$ROOT/deploy/config/handoff-rules.yaml" \
    JIRI_MIGRATIONS_DIR="$ROOT/migrations" \
    "$JIRI" serve >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!

stop_server() {
    if kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID"
        for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
    fi
    wait "$SERVER_PID" 2>/dev/null || true
}
trap stop_server EXIT

ready() {
    python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' "$BASE/readyz" 2>/dev/null
}

for _ in $(seq 1 100); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "fuzz: jiri serve exited at start:" >&2
        cat "$SERVER_LOG" >&2
        exit 1
    fi
    ready && break
    sleep 0.2
done
ready || { echo "fuzz: jiri serve not ready on $BASE" >&2; cat "$SERVER_LOG" >&2; exit 1; }

SEED="${FUZZ_SEED:-$(python3 -c 'import random; print(random.getrandbits(64))')}"
echo "fuzz: schemathesis against $BASE (seed $SEED, $MAX_EXAMPLES examples per operation)"
status=0
# Run from the work directory: schemathesis keeps its cache in the current one.
(cd "$WORK" && SCHEMATHESIS_HOOKS="$ROOT/deploy/fuzz/hooks.py" "$VENV/bin/st" --no-color --config-file "$ROOT/deploy/fuzz/schemathesis.toml" run "$BASE/openapi.yaml" \
    --max-examples "$MAX_EXAMPLES" \
    --seed "$SEED" \
    --workers 2 \
    --request-timeout 10 \
    --continue-on-failure \
    --report junit --report-dir "$WORK/report") || status=$?

# A 5xx fails a check above; an error the server only logged fails here.
if grep -Eq '^[^ ]+ (error|critical) ' "$SERVER_LOG"; then
    echo "fuzz: the server logged errors:" >&2
    grep -E '^[^ ]+ (error|critical) ' "$SERVER_LOG" | tail -20 >&2
    status=1
fi
if [ "$status" -ne 0 ]; then
    echo "fuzz: FAILED (replay with FUZZ_SEED=$SEED; server log: $SERVER_LOG)" >&2
fi
exit "$status"
