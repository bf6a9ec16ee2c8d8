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
JIRI_DEBUG := .build/debug/jiri
# Runs a command with the stack's URLs (the caller's, or the local servers').
WITH_ENV = env $$($(STACK) env)

.PHONY: help deps stack build run test stop migrate clean

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
	$(WITH_ENV) swift test $(SWIFT_BUILD_FLAGS)

stop:
	@$(STACK) stop

clean: stop
	rm -rf .build .local
