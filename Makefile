# Jiri: `make run` serves, `make test` runs the whole suite, `make stop` stops
# the local Postgres and Redis they started. DATABASE_URL and REDIS_URL, when
# set, point at existing servers instead.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

export PATH := /opt/swift/usr/bin:$(PATH)
export DATABASE_URL ?=
export REDIS_URL ?=
HOST ?= 127.0.0.1
PORT ?= 8080
export HOST PORT

STACK := deploy/local/stack.sh
SWIFT_BUILD_FLAGS ?=
# Suites run one after another: several assert timeouts and budgets, which a
# 2-core machine running 400 tests at once cannot honour. Tests that exercise
# concurrency start their own concurrent tasks.
SWIFT_TEST_FLAGS ?= --no-parallel
JIRI_DEBUG := .build/debug/jiri
# Runs a command with the stack's URLs (the caller's, or the local servers').
WITH_ENV = env $$($(STACK) env)

.PHONY: help deps stack build run test stop migrate clean release bench

help:
	@echo "make run    install what is missing, start Postgres and Redis, migrate, serve on $(HOST):$(PORT)"
	@echo "make test   the same servers, then the whole test suite"
	@echo "make stop   stop the local Postgres and Redis"

deps:
	@deploy/local/deps.sh

stack: deps
	@$(STACK) start

build: deps
	swift build $(SWIFT_BUILD_FLAGS) --product jiri

migrate: stack build
	$(WITH_ENV) $(JIRI_DEBUG) migrate

run: migrate
	$(WITH_ENV) $(JIRI_DEBUG) serve --host $(HOST) --port $(PORT)

test: migrate
	$(WITH_ENV) swift test $(SWIFT_BUILD_FLAGS) $(SWIFT_TEST_FLAGS)
	$(WITH_ENV) deploy/fuzz/run.sh $(JIRI_DEBUG)

stop:
	@$(STACK) stop

clean: stop
	rm -rf .build .local

# Release build, a private server on a free port, then Benchmarks/run.sh against
# it (wrk, pgbench and redis-benchmark floors, JiriBench); not part of `make test`.
# On the local stack every run starts from an empty database (jiri_bench) and an
# empty Redis database (15), so runs compare and the dev database does not grow,
# and everything (jiri, pgbench, redis-benchmark) talks to Postgres and Redis
# through their Unix sockets, as a one-machine deployment would; with
# DATABASE_URL / REDIS_URL set, it uses those as they are.
# The release build is the one deploy/Dockerfile ships: the Swift runtime and
# Foundation linked in, unused sections dropped, relative relocations packed
# (DT_RELR, glibc 2.36+) so the loader does not page in 3.5 MB of them, and no
# dynamic symbol table of its own (the executable exports nothing, so the loader's
# symbol lookups stop touching 51,000 entries of it: 3 MB less RSS). Both
# products take the same flags, so they share one build.
# Every function and C function in a section of its own, laid out in the order
# deploy/build/symbol-order.txt.gz lists (the functions the server runs, together;
# Benchmarks/symbol-order.sh writes it): the kernel maps 64 KB of a cached binary
# around each page touched, and the ~2,000 code pages a server runs, spread over
# 40 MB of text, made about 20 MB of it resident.
SYMBOL_ORDER := .build/symbol-order.txt
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcc -fdata-sections \
	-Xlinker --gc-sections -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/$(SYMBOL_ORDER) -Xlinker --no-warn-symbol-ordering
JIRI_RELEASE := .build/release/jiri

$(SYMBOL_ORDER): deploy/build/symbol-order.txt.gz
	@mkdir -p $(@D)
	gzip -dc $< >$@

# The release binary alone (deploy/Dockerfile runs this); installs nothing. SwiftPM
# does not see the order file change: the binaries are linked again when it is newer.
release: $(SYMBOL_ORDER)
	@for binary in $(JIRI_RELEASE) .build/release/JiriBench; do [ ! $$binary -ot $(SYMBOL_ORDER) ] || rm -f $$binary; done
	swift build $(SWIFT_BUILD_FLAGS) $(RELEASE_FLAGS) --product jiri

bench: stack release
	@deploy/local/deps.sh wrk postgresql-contrib curl
	swift build $(SWIFT_BUILD_FLAGS) $(RELEASE_FLAGS) --product JiriBench
	@mkdir -p .local/bench; \
	port=$$(for p in $$(shuf -i 20000-32000 -n 50); do (exec 3<>/dev/tcp/127.0.0.1/$$p) 2>/dev/null || { echo $$p; break; }; done); \
	given="$$DATABASE_URL$$REDIS_URL"; export $$($(STACK) env); \
	if [ -z "$$given" ]; then \
		psql "$$DATABASE_URL" -qX -c "DROP DATABASE IF EXISTS jiri_bench WITH (FORCE)" -c "CREATE DATABASE jiri_bench"; \
		redis-cli -u "$${REDIS_URL%/*}/15" FLUSHDB >/dev/null; \
		export $$(env -u DATABASE_URL -u REDIS_URL $(STACK) socket-env jiri_bench 15); \
	fi; \
	$(JIRI_RELEASE) migrate; \
	app=jiri-bench-$$port; \
	case "$$DATABASE_URL" in *\?*) sep='&';; *) sep='?';; esac; \
	DATABASE_URL="$$DATABASE_URL$${sep}application_name=$$app" JIRI_RATE_LIMIT_PER_MINUTE=0 JIRI_RETRY_WINDOW_SECONDS=1 \
		$(JIRI_RELEASE) serve --host 127.0.0.1 --port $$port 2>.local/bench/server.log & \
	pid=$$!; trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null || true' EXIT; \
	for _ in $$(seq 1 100); do curl -fsS http://127.0.0.1:$$port/readyz >/dev/null 2>&1 && break; sleep 0.1; done; \
	BENCH_URL=http://127.0.0.1:$$port BENCH_SERVER_PID=$$pid BENCH_PG_APPLICATION=$$app BENCH_SERVER_LOG=.local/bench/server.log \
		Benchmarks/run.sh
