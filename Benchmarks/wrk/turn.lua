-- wrk script for `make bench`: POST /turn with the original iOS body from
-- 1,000 sessions (`bench-<n>`), with a realistic mix of utterances.
--
--   wrk -t<threads> -c<connections> -d<seconds> --latency -s turn.lua <url> -- <threads> [sessions] [start]
--
-- Sessions are dealt round robin (thread i of t takes i, i+t, i+2t, ...), so the
-- turns in flight at one moment belong to different sessions, as with real
-- users: none waits for another's session lease. The utterance list has a prime
-- length (31), so every session walks through the whole mix and sees the same text
-- again only after sessions x #utterances turns (the server's keyless-retry
-- window must be shorter than that: `make bench` serves with
-- JIRI_RETRY_WINDOW_SECONDS=1). `start` skips each thread's first turns: a run
-- after a warm-up of n requests continues with the sessions after it (start = n / threads).

-- The mix lives in utterances.txt beside this script (JiriBench reads it too);
-- wrk runs from the package root.
local utterances = {}
for line in io.lines(os.getenv("BENCH_UTTERANCES") or "Benchmarks/wrk/utterances.txt") do
  if line ~= "" and line:sub(1, 1) ~= "#" then table.insert(utterances, line) end
end

local headers = { ["Content-Type"] = "application/json" }
local created = 0
local counter = 0
local threads = 1
local sessions = 1000

function setup(thread)
  thread:set("offset", created)
  created = created + 1
end

function init(args)
  threads = tonumber(args[1] or "1")
  sessions = tonumber(args[2] or "1000")
  counter = tonumber(args[3] or "0")
end

function request()
  local session = (offset + threads * counter) % sessions
  local text = utterances[(counter % #utterances) + 1]
  counter = counter + 1
  local body = '{"session_id": "bench-' .. session .. '", "user_text": "' .. text
    .. '", "client": "ios_app", "meta": {"voice": true, "device": "iphone", "timezone": "America/New_York"}}'
  return wrk.format("POST", "/turn", headers, body)
end

-- One machine-readable line for run.sh, after wrk's own report.
function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format(
    'BENCH_WRK {"requests": %d, "seconds": %.3f, "turns_per_second": %.1f, '
    .. '"p50_ms": %.3f, "p90_ms": %.3f, "p99_ms": %.3f, "p999_ms": %.3f, "max_ms": %.3f, '
    .. '"non2xx": %d, "connect_errors": %d, "read_errors": %d, "write_errors": %d, "timeouts": %d}\n',
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1e3, latency:percentile(90) / 1e3, latency:percentile(99) / 1e3,
    latency:percentile(99.9) / 1e3, latency.max / 1e3,
    e.status, e.connect, e.read, e.write, e.timeout))
end
