SHELL := /bin/bash
# Wayfinder: `make run` starts the program on the built-in demo data, `make test` runs every test.
SWIFT ?= swift
BUILD_LOG := .build/build.log
.PHONY: all deps build run test fuzz bench release clean

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

# libFuzzer with AddressSanitizer on the engine (FUZZING.md): builds each harness in Fuzz/
# with the engine's sources into .build/fuzz/ and runs it FUZZ_SECONDS seconds (60);
# FUZZ_TARGETS="links state" runs some of links, stress-links, routes and state. Fails on any
# finding, kept in .build/fuzz/artifacts/. Needs nothing but the Swift toolchain.
fuzz:
	@SWIFTC="$(SWIFT)c" scripts/fuzz.sh

# Benchmarks (a package of their own in Benchmarks/, never part of `make test`): runs them all
# and rewrites Benchmarks/RESULTS.md and Benchmarks/chart.svg. A few minutes.
bench: deps
	@Benchmarks/scripts/bench.sh

# `.build/release/wayfinder`: the Swift runtime linked in, so it runs where Swift is not installed.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product wayfinder

clean:
	rm -rf .build
