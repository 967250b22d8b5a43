SHELL := /bin/bash
# Wayfinder: `make run` starts the program on the built-in demo data, `make test` runs every test.
SWIFT ?= swift
BUILD_LOG := .build/build.log
.PHONY: all deps build run build-tests test docs fuzz bench release install uninstall clean

# `make install` puts the release binary, its man page and its bash, zsh and fish completions
# under PREFIX; DESTDIR stages them elsewhere (`make install DESTDIR=/tmp/pkg PREFIX=/usr`).
# Each directory can be set on its own, as GNU make conventions have it.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
MANDIR ?= $(DATAROOTDIR)/man
MAN1DIR ?= $(MANDIR)/man1
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATAROOTDIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATAROOTDIR)/fish/vendor_completions.d
INSTALL ?= install
# The program is installed stripped (`install -s`): its symbols are for debugging the build.
INSTALL_PROGRAM ?= $(INSTALL) -m 755 -s
INSTALL_DATA ?= $(INSTALL) -m 644
# Where the release build goes (`release`, `install`): another directory lets it run while
# SwiftPM builds the debug tree in .build (SwiftPM lets one build at a time use a directory).
SCRATCH ?= .build
# Where `release` builds the debug products the man page is read from (see `release`):
# SCRATCH, unless told otherwise. CI gives .build, which `make build-tests` has just built,
# so that nothing is compiled again for the man page.
MANUAL_SCRATCH ?= $(SCRATCH)
RELEASE_DIR = $(SCRATCH)/release
SHARE = $(SCRATCH)/share
# Written by `release` when all that `install` copies is built.
RELEASED = $(SHARE)/.released
# What the release is built from (directories too: a file added or removed changes its own).
RELEASE_SOURCES = Package.swift $(wildcard Package.resolved) CHANGELOG.md scripts/finish-man-page.py $(shell find Sources Routes)
# The man page carries the date of the latest release in CHANGELOG.md, not the day it was
# built, so that two builds of one release install the same file.
RELEASE_DATE = $(shell sed -n 's/^\#\# \[[0-9][0-9.]*\] - \([0-9-]*\).*/\1/p' CHANGELOG.md | head -n 1)

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

run: build
	@$(SWIFT) run --skip-build wayfinder

# The example app (Examples/Bookshelf), a package of its own on the public products, in a
# build directory of its own: `make test` builds it (with zero warnings, in at most 400 lines
# of Swift) and runs its tests.
EXAMPLE := --package-path Examples/Bookshelf --scratch-path .build/examples/bookshelf
EXAMPLE_LOG := .build/examples/build.log

# Builds what `make test` runs (the package with its tests, the example with its own), with
# the checks of the sources: zero warnings, file and function sizes, no leftovers of a merge.
build-tests: deps
	@mkdir -p .build/examples
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG); test $${PIPESTATUS[0]} -eq 0
	@scripts/check-warnings.sh $(BUILD_LOG)
	@scripts/check-public-api-use.sh
	@scripts/check-sizes.sh
	@scripts/check-tracked-files.sh
	@lines=$$(cat $$(find Examples/Bookshelf/Sources -name '*.swift') | wc -l); test $$lines -le 400 || \
		{ echo "error: the example's sources are $$lines lines of Swift (at most 400)" >&2; exit 1; }
	$(SWIFT) build $(EXAMPLE) --build-tests 2>&1 | tee $(EXAMPLE_LOG); test $${PIPESTATUS[0]} -eq 0
	@if grep -E "^$(CURDIR)/Examples/.*: warning:" $(EXAMPLE_LOG); then \
		echo "error: the example has warnings (see above); it builds with zero warnings" >&2; exit 1; fi

test: build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) test $(EXAMPLE) --skip-build

# The DocC documentation of the library products (Sources/*/*.docc), which must build with no
# warning: fails, printing them, when it has any. The archives are written to
# .build/plugins/Swift-DocC/outputs/.
docs: deps
	@SWIFT="$(SWIFT)" scripts/check-docs.sh

# libFuzzer with AddressSanitizer on the engine (FUZZING.md): builds one fuzzer with every
# harness in Fuzz/, the engine's modules compiled once, into .build/fuzz/, and runs each target
# FUZZ_SECONDS seconds (60); FUZZ_TARGETS="links state" runs some of links, stress-links,
# explain, routes and state. Fails on any finding, kept in .build/fuzz/artifacts/. Needs
# nothing but the Swift toolchain.
fuzz:
	@SWIFTC="$(SWIFT)c" scripts/fuzz.sh

# Benchmarks (a package of their own in Benchmarks/, never part of `make test`): runs them all
# and rewrites Benchmarks/RESULTS.md and Benchmarks/chart.svg. A few minutes.
bench: deps
	@Benchmarks/scripts/bench.sh

# `.build/release/wayfinder`: the Swift runtime linked in, so it runs where Swift is not installed.
# Beside it, in .build/share/, what `install` copies with it: `wayfinder.1`, the man page that
# swift-argument-parser's GenerateManual plugin writes, and the completion scripts that
# `wayfinder --generate-completion-script` prints. The plugin builds the products to read their
# options: in debug, as a build in release without --static-swift-stdlib (which `swift package`
# does not take) would compile every module of the release build again, and the next `release`
# again after it.
release: deps
	$(SWIFT) build --scratch-path $(SCRATCH) -c release --static-swift-stdlib --product wayfinder
	$(SWIFT) package --scratch-path $(MANUAL_SCRATCH) plugin generate-manual --configuration debug \
		$(if $(RELEASE_DATE),--date $(RELEASE_DATE)) </dev/null
	@mkdir -p $(SHARE)
	scripts/finish-man-page.py $(MANUAL_SCRATCH)/plugins/GenerateManual/outputs/wayfinder/wayfinder.1 $(SHARE)/wayfinder.1
	$(RELEASE_DIR)/wayfinder --generate-completion-script bash | scripts/finish-bash-completion.sh wayfinder repl > $(SHARE)/wayfinder.bash
	$(RELEASE_DIR)/wayfinder --generate-completion-script zsh > $(SHARE)/_wayfinder
	$(RELEASE_DIR)/wayfinder --generate-completion-script fish > $(SHARE)/wayfinder.fish
	@touch $(RELEASED)

# `install` builds only when a source is newer than the last `release`: `make release`, then
# `sudo make install`, runs nothing as root that writes to the build directory.
$(RELEASED): $(RELEASE_SOURCES)
	@$(MAKE) --no-print-directory release

install: $(RELEASED)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	$(INSTALL_PROGRAM) $(RELEASE_DIR)/wayfinder $(DESTDIR)$(BINDIR)/wayfinder
	$(INSTALL_DATA) $(SHARE)/wayfinder.1 $(DESTDIR)$(MAN1DIR)/wayfinder.1
	$(INSTALL_DATA) $(SHARE)/wayfinder.bash $(DESTDIR)$(BASHCOMPDIR)/wayfinder
	$(INSTALL_DATA) $(SHARE)/_wayfinder $(DESTDIR)$(ZSHCOMPDIR)/_wayfinder
	$(INSTALL_DATA) $(SHARE)/wayfinder.fish $(DESTDIR)$(FISHCOMPDIR)/wayfinder.fish

# Removes what `install` put there (with the same PREFIX, DESTDIR…), and nothing else: the
# directories stay, as others may have files in them.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/wayfinder $(DESTDIR)$(MAN1DIR)/wayfinder.1 \
		$(DESTDIR)$(BASHCOMPDIR)/wayfinder $(DESTDIR)$(ZSHCOMPDIR)/_wayfinder \
		$(DESTDIR)$(FISHCOMPDIR)/wayfinder.fish

clean:
	rm -rf .build
