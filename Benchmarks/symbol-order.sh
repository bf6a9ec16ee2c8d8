#!/usr/bin/env bash
# Writes deploy/build/symbol-order.txt.gz: the functions `jiri serve` runs, in the order the
# release link lays them out (RELEASE_FLAGS in the Makefile passes it to lld as
# --symbol-ordering-file). Not part of `make bench`; run it (the local stack running, as root,
# with perf installed) when the code has moved enough that make bench's peak RSS has grown:
#
#   Benchmarks/symbol-order.sh
#
# Why: the kernel maps a file's pages around each page a process touches, as far as they are
# in the page cache (fault-around, 64 KB), and a freshly built binary is cached whole. The
# ~2,000 code pages a server touches were spread over the 40 MB of text, so about 20 MB of it
# counted as resident. Laid out together they take about 14 MB.
#
# How, in two passes over the same run (start-up, the wrk mix at 32 and 1 connections, a
# history page, /metrics, a graceful stop):
# 1. the binary linked in its default order (an empty order file), perf samples the run: the
#    functions sampled, most sampled first, are the hot list;
# 2. the binary linked in the hot list's order, written to disk and, with the disk's read-ahead
#    off, dropped from the page cache, so only the pages the run touches come back into it
#    (read with mincore(2)): every function on such a page follows the hot list, in address
#    order. Hot code packed first leaves fewer cold neighbours on the touched pages.
# Read-ahead is put back on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export PATH="/opt/swift/usr/bin:$PATH"
BIN="$ROOT/.build/release/jiri"
ORDER="$ROOT/.build/symbol-order.txt"
OUT="$ROOT/deploy/build/symbol-order.txt.gz"
WORK="$ROOT/.local/symbol-order"
[ "$(id -u)" = 0 ] || { echo "symbol-order: needs root (it turns the disk's read-ahead off for the run)" >&2; exit 1; }
command -v perf >/dev/null || { echo "symbol-order: needs perf (linux-perf)" >&2; exit 1; }
mkdir -p "$WORK" "$(dirname "$ORDER")"
eval "export $(deploy/local/stack.sh socket-env | tr '\n' ' ')"

SERVER_PID=""
stop_server() {
    [ -z "$SERVER_PID" ] || { kill -INT "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true; }
    SERVER_PID=""
}

# Starts the server (under `$@`, e.g. perf record, when given) and runs the mix.
run_server() {
    local port
    port="$(shuf -i 20000-32000 -n 1)"
    JIRI_RATE_LIMIT_PER_MINUTE=0 JIRI_RETRY_WINDOW_SECONDS=1 "$@" "$BIN" serve --host 127.0.0.1 --port "$port" 2>/dev/null &
    SERVER_PID=$!
    for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
    wrk -t2 -c32 -d10s -s Benchmarks/wrk/turn.lua "http://127.0.0.1:$port" -- 2 1000 >/dev/null
    wrk -t1 -c1 -d5s -s Benchmarks/wrk/turn.lua "http://127.0.0.1:$port" -- 2 1000 >/dev/null
    curl -fsS "http://127.0.0.1:$port/session/bench-1/history" >/dev/null
    curl -fsS "http://127.0.0.1:$port/metrics" >/dev/null
    stop_server
}

# Pass 1: the hot list.
: >"$ORDER"
make release >/dev/null
run_server perf record -q -F 20000 -e cpu-clock -o "$WORK/perf.data" --
perf report -i "$WORK/perf.data" --no-demangle --dsos jiri --sort symbol --stdio -g none 2>/dev/null |
    awk '/^ +[0-9.]+%/ && $2 == "[.]" && $3 !~ /^0x/ { print $3 }' >"$WORK/hot.txt"
echo "symbol-order: $(wc -l <"$WORK/hot.txt") functions sampled"

# Pass 2: the pages touched, with the hot list laid out first.
cp "$WORK/hot.txt" "$ORDER"
make release >/dev/null
device="$(findmnt -no MAJ:MIN --target "$BIN" | tr -d "[:space:]")"
ahead="/sys/class/bdi/$device/read_ahead_kb"
[ -w "$ahead" ] || { echo "symbol-order: no read-ahead setting for device $device ($ahead)" >&2; exit 1; }
saved="$(cat "$ahead")"
trap 'stop_server; echo "$saved" >"$ahead"' EXIT
echo 0 >"$ahead"
# Pages the linker just wrote are dirty, and a dirty page stays in the cache.
sync "$(readlink -f "$BIN")"
python3 -c 'import os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)' "$BIN"
run_server
nm -S --defined-only "$BIN" >"$WORK/nm.txt"
readelf -lW "$BIN" >"$WORK/segments.txt"
python3 - "$BIN" "$WORK/nm.txt" "$WORK/segments.txt" "$WORK/hot.txt" <<'PY' | gzip -9n >"$OUT"
import ctypes, os, sys
binary, symbols, segments, hot = sys.argv[1:5]
# The executable segment: its file offset and address.
for line in open(segments):
    parts = line.split()
    if parts[:1] == ["LOAD"] and parts[-2] == "E" and parts[-3] == "R":
        offset, address, size = int(parts[1], 16), int(parts[2], 16), int(parts[4], 16)
libc = ctypes.CDLL("libc.so.6", use_errno=True)
libc.mmap.restype = ctypes.c_void_p
fd = os.open(binary, os.O_RDONLY)
length = os.fstat(fd).st_size
mapped = libc.mmap(None, ctypes.c_size_t(length), 1, 1, fd, ctypes.c_long(0))
resident = (ctypes.c_ubyte * ((length + 4095) // 4096))()
if libc.mincore(ctypes.c_void_p(mapped), ctypes.c_size_t(length), resident) != 0:
    sys.exit("mincore failed")
touched = {page for page in range(offset // 4096, (offset + size) // 4096 + 1) if resident[page] & 1}
listed = [line.strip() for line in open(hot) if line.strip()]
seen = set(listed)
onPages = []
for line in open(symbols):
    parts = line.split()
    if len(parts) != 4 or parts[2] not in "tTwW" or int(parts[1], 16) == 0 or parts[3] in seen:
        continue
    start = int(parts[0], 16) - address + offset
    end = start + int(parts[1], 16) - 1
    if any(page in touched for page in range(start // 4096, end // 4096 + 1)):
        onPages.append((start, parts[3]))
        seen.add(parts[3])
print("\n".join(listed + [name for _, name in sorted(onPages)]))
print(f"symbol-order: {len(touched)} code pages touched, {len(listed)} hot functions, {len(onPages)} more on those pages", file=sys.stderr)
PY
echo "symbol-order: wrote $OUT; linking the release binary in its order"
make release >/dev/null
