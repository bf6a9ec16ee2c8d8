-- wrk script for `make bench`: POST /turn with the original iOS body from
-- 1,000 sessions (`bench-<n>`), with a realistic mix of utterances.
--
--   wrk -t<threads> -c<connections> -d<seconds> --latency -s turn.lua <url> -- <threads> [sessions]
--
-- Sessions are dealt round robin (thread i of t takes i, i+t, i+2t, ...), so the
-- turns in flight at one moment belong to different sessions, as with real
-- users: none waits for another's session lease. The utterance list has a prime
-- length, so every session walks through the whole mix and sees the same text
-- again only after sessions x #utterances turns (the server's keyless-retry
-- window must be shorter than that; run.sh sets it to 1 s).

local utterances = {
  "Add a happy mood in MoodBoard",            -- seed intent, completes
  "show me my calendar",                      -- handoff trigger
  "Capture coding idea",                      -- asks "What's your idea?"
  "tell me a joke",                           -- small talk
  "Log my mood as happy",
  "Chat with CodingBridge",                   -- foreground intent, hands off
  "What's my current mood",
  "book a ride to the airport",               -- handoff trigger
  "goodbye",                                  -- ends the conversation
  "Save idea to CodingBridge",                -- asks a question
  "what time is it in Tokyo",
  "Analyze my moods",
  "I want to see the photos from yesterday",  -- handoff trigger
  "Add a mood in MoodBoard",                  -- asks "How are you feeling?"
  "how are you",
  "Check git status in CodingBridge",
  "Add a happy mood in MoodBoard",
  "buy more printer ink",                     -- handoff trigger
  "thank you",
  "Capture coding idea",
  "ok bye.",
  "Search CodingBridge for websocket reconnect",
  "show me my calendar",
  "Log my mood as happy",
  "tell me a joke",
  "Resume last CodingBridge chat",
  "hello",
  "Save idea to CodingBridge",
  "thanks, bye",
  "Add a happy mood in MoodBoard",
  "show me my calendar",
}

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
  counter = 0
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
