SHELL := /bin/bash
# Wayfinder: `make run` starts the program on the built-in demo data, `make test` runs every test.
SWIFT ?= swift
BUILD_LOG := .build/build.log
# A release build that starts quickly (scripts call `wayfinder open URL` once per link) and
# stays small in memory:
# - the Swift runtime linked in, position-dependent (as Swift on Linux linked executables
#   before it defaulted to PIE: no relocating ~1 MB of pointers at each start; the shared
#   libraries it loads keep their address randomisation), exporting no symbols (the dynamic
#   loader and `dladdr` search a table of 2 instead of 8,000);
# - linked by lld, which lays out first, side by side, the functions that runs execute
#   (Sources/wayfinder/Linking/startup.order, written by `make startup-order`): a run maps
#   fewer pages of the 19 MB of code, so it faults less at start and holds less memory.
#   Every Swift function in a section of its own (`-function-sections`; without it most
#   stay in one section per file, which the linker can only move whole);
# - the C++ runtime from its static archive (the linker script in Linking/Release);
# - generic types (an array of screens, a dictionary keyed by name) reached through their
#   metadata accessors, not their mangled names: a mangled name is decoded at its first use,
#   and `String: Hashable` in it costs a scan of all 6,500 conformance records in the binary
#   (a third of the instructions of `wayfinder open`).
# `make bench` builds its "hello" reference with the same flags.
LINKING := $(CURDIR)/Sources/wayfinder/Linking
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie \
	-Xlinker --no-export-dynamic -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(LINKING)/startup.order -Xlinker --no-warn-symbol-ordering \
	-Xswiftc -L -Xswiftc $(LINKING)/Release \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections

.PHONY: all deps build run test fuzz bench release release-flags startup-order clean

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
	@RELEASE_FLAGS="$(RELEASE_FLAGS)" Benchmarks/scripts/bench.sh

# `.build/release/wayfinder`, built as above.
release: deps
	@case "$$(gcc -print-file-name=libstdc++.a)" in /*) ;; *) echo "error: libstdc++.a not found (apt-get install g++)" >&2; exit 1;; esac
	@scripts/release-objects.sh .build $(RELEASE_FLAGS)
	$(SWIFT) build $(RELEASE_FLAGS) --product wayfinder

release-flags:
	@echo $(RELEASE_FLAGS)

# Rewrites Linking/startup.order from runs of the release binary under callgrind (a few minutes).
startup-order: deps
	@scripts/startup-order.sh

clean:
	rm -rf .build
