SHELL := /bin/bash
# Wayfinder: `make run` starts the program on the built-in demo data, `make test` runs every test.
SWIFT ?= swift
BUILD_LOG := .build/build.log

.PHONY: all deps build run test bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

run: build
	@$(SWIFT) run --skip-build wayfinder

test: deps
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG); test $${PIPESTATUS[0]} -eq 0
	@scripts/check-warnings.sh $(BUILD_LOG)
	$(SWIFT) test --skip-build

# Benchmarks (a package of their own in Benchmarks/, never part of `make test`): runs them all
# and rewrites Benchmarks/RESULTS.md and Benchmarks/chart.svg. A few minutes.
bench: deps
	@Benchmarks/scripts/bench.sh

clean:
	rm -rf .build
