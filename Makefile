# The pipeline: sources/ → snapshots/ (scrape) → generated/ (gen).
# Run "make help" for the targets.
GO ?= go
CORPUS ?= ../shared/corpus
CORPUS_ENV = CRGEN_CORPUS
CORPUS_SWEEP = CRGEN_SWEEP

# Builds leave their directory out, as the rehearsal's builds in its
# clones do: those then reuse what the tests compiled here (a cold make
# test: 3 min 18 s without, 2 min 58 s with, on 2 cores).
export GOFLAGS := -trimpath $(GOFLAGS)

ACTIONLINT ?= github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
GOLANGCI_LINT ?= github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0
# make bench BENCH=EngineLookup BENCH_PKGS=./internal/conformance runs some.
BENCH ?= .
BENCH_PKGS ?= ./...
BENCHSTAT ?= golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da

.PHONY: site site-deps site-check help regen scrape gen test check state futures futures-window sweep sweep-pairs fresh released vet fmt-check lint lint-workflows unit rehearse fuzz bench history

# The tests of what a rules update changes: generated/, the working tree
# itself, the card corpus against them, and the rehearsals, which derive
# their releases from the tree. Every other test works on fixtures no
# update touches (internal/corpus/testdata/tree).
# Inside a rehearsal or a future (CRGEN_REHEARSAL set) the rehearsals and
# the futures skip: their packages are not even built there.
# The site (internal/site) is built from generated/: its tests (a sample
# of releases, the browser's among them) are of the state too, but in the
# rehearsals' clones, which its checks in make test already cover.
STATE_PKGS = ./generated/... ./internal/tree ./internal/conformance ./internal/validatecmd $(if $(CRGEN_REHEARSAL),,./internal/site ./internal/rehearsal ./internal/future)

# go test's limit on one package's run: its default of 10 minutes is a
# wall-clock limit, and a loaded machine must make the suite slower, not
# red (the longest package takes about a minute on 2 quiet cores).
TEST_TIMEOUT ?= 30m
# How many tests of one package run at once: the rehearsals and futures
# each wait on commands of their own (builds, git, make state) and run
# side by side.
TEST_PARALLEL ?= 4

## help: list the targets
help:
	@awk -F': ' '/^## /{sub(/^## /,""); split($$0,a,": "); printf "  %-15s %s\n", a[1], substr($$0, length(a[1])+3)}' $(MAKEFILE_LIST)

## regen: refresh snapshots/ from the captured sources, offline, then generated/ (the main job)
regen: scrape gen

## scrape: refresh snapshots/ from the captured sources in sources/
scrape:
	$(GO) run ./cmd/scrape

## gen: write generated/ from snapshots/ (go generate ./... does the same)
gen:
	$(GO) run ./cmd/gen

## history: rebuild the English history from the official releases in the corpus
history:
	$(GO) run ./cmd/scrape import $(CORPUS)/cr-en/*.txt

# The website of the rules (internal/site): where make site writes it
# (git ignores it), and the axe-core the browser tests check it with.
SITE ?= _site
AXE_VERSION ?= 4.14.1
AXE_DIR = .cache/axe

## site: the website of the rules into $(SITE): every release, every rule's history, every update's change (offline)
site:
	$(GO) run ./cmd/scrape site $(SITE)

## site-deps: what the site's browser tests need: Debian's chromium (apt-get, unless a Chromium or Chrome is there) and axe-core $(AXE_VERSION) (npm, into $(AXE_DIR))
site-deps:
	@if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null && ! command -v google-chrome >/dev/null; then \
	  sudo=; if [ "$$(id -u)" != 0 ]; then sudo=sudo; fi; \
	  $$sudo apt-get update -qq && $$sudo apt-get install -y -qq chromium; \
	fi
	@if ! grep -qs '"version": "$(AXE_VERSION)"' $(AXE_DIR)/node_modules/axe-core/package.json; then \
	  mkdir -p $(AXE_DIR) && npm install --prefix $(AXE_DIR) --no-save --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION); \
	fi
	@echo "site-deps: $$(command -v chromium || command -v chromium-browser || command -v google-chrome), axe-core $(AXE_VERSION) in $(AXE_DIR)"

## site-check: the whole site (every release, not the suite's sample): every link of every page, the sizes, the data against its schemas, the browser tests
site-check:
	CRGEN_SITE_WHOLE=1 $(GO) test -count=1 -timeout $(TEST_TIMEOUT) -v ./internal/site

## test: everything CI checks: vet, gofmt, golangci-lint, actionlint, every test (the rehearsals included)
# The linters and the tests run side by side: building golangci-lint on a
# fresh machine takes a minute of its own.
test: vet fmt-check
	$(MAKE) -j2 --output-sync=target --no-print-directory unit lint lint-workflows

## unit: every test, never from Go's test cache (tests read the corpus outside the module)
# The rehearsals and the futures first: the longest packages start
# first, the others fill the cores beside them.
unit:
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -parallel $(TEST_PARALLEL) ./internal/rehearsal ./internal/future ./...

## check: the inner loop: vet, gofmt and every test but the rehearsals (go test -short)
check: vet fmt-check
	$(GO) test -count=1 -short -timeout $(TEST_TIMEOUT) ./...

# state: the tests' own code is vetted by make test on main; a rules
# update changes generated/ (vetted here in full), not them.
## state: the checks a rules update can break: vet and gofmt of generated/, the tests of the state and the rehearsals (refresh.yml runs it before its pull request)
state:
	$(GO) vet ./generated/...
	@out="$$(gofmt -l generated)"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) test -count=1 -vet=off -timeout $(TEST_TIMEOUT) $(STATE_PKGS)

## fresh: make test in a clone of HEAD without the corpus, as on a user's fresh machine (CI and the corpus variables unset)
fresh:
	@dir=$$(mktemp -d)/crgen && git clone -q . "$$dir" && echo "fresh: make test in $$dir, without the corpus" && \
	  cd "$$dir" && env -u CI -u $(CORPUS_ENV) -u $(CORPUS_ENV)_ABSENT $(MAKE) --no-print-directory test && rm -rf "$$dir"

## released: each release of future.Released applied to a clone of HEAD of its own, committed, then make test there
# The tree after a release must pass everything the tree before it did,
# the rehearsals included (one level: theirs skip inside them).
released:
	@corpus="$${CRGEN_CORPUS:-$$(cd $(CORPUS) 2>/dev/null && pwd)}"; \
	for name in $$($(GO) run ./internal/cmd/future -list); do \
	  dir=$$(mktemp -d)/crgen && git clone -q . "$$dir" && echo "released: $$name, in $$dir" && \
	  (cd "$$dir" && $(GO) run ./internal/cmd/future "$$name" . && git add -A && \
	    git -c user.name=crgen -c user.email=crgen@localhost commit -q -m "A derived release: $$name" && \
	    env $${corpus:+CRGEN_CORPUS="$$corpus"} $(MAKE) --no-print-directory test) || exit 1; \
	  rm -rf "$$dir"; \
	done

## futures: rehearse derived releases, CRGEN_FUTURES=1-40 make futures (make test runs a few); every seed runs, every failure is listed
futures:
	$(GO) test -count=1 -timeout 0 -run TestFutures -v ./internal/future

# The seeds CI sweeps, a window at a time: SWEEP_WINDOWS windows of
# SWEEP_WIDTH seeds from SWEEP_FIRST (1000-1399). The window of a commit
# is its count of commits modulo the windows: consecutive commits take
# consecutive windows, and every seed of the sweep is rehearsed within
# SWEEP_WINDOWS commits.
SWEEP_FIRST ?= 1000
SWEEP_WIDTH ?= 8
SWEEP_WINDOWS ?= 50

## futures-window: the window of seeds CI rehearses beside the chosen futures, derived from HEAD (printed, with its replay)
futures-window:
	@n=$$(git rev-list --count HEAD 2>/dev/null || echo 0); \
	if [ "$$n" -lt 2 ]; then n=$$(printf '%d' 0x$$(git rev-parse --short=7 HEAD)); fi; \
	lo=$$(( $(SWEEP_FIRST) + (n % $(SWEEP_WINDOWS)) * $(SWEEP_WIDTH) )); hi=$$(( lo + $(SWEEP_WIDTH) - 1 )); \
	echo "futures-window: $$(git rev-parse --short HEAD), commit $$n: seeds $$lo-$$hi (replay: CRGEN_FUTURES=$$lo-$$hi make futures)"; \
	CRGEN_FUTURES=$$lo-$$hi $(MAKE) --no-print-directory futures

## sweep: every seed of the sweep in one go (1000-1399 unless SWEEP_SEEDS says; about 40 s a seed on 2 cores), every failure listed
sweep:
	CRGEN_FUTURES=$(or $(SWEEP_SEEDS),$(SWEEP_FIRST)-$(shell echo $$(( $(SWEEP_FIRST) + $(SWEEP_WIDTH) * $(SWEEP_WINDOWS) - 1 )))) $(MAKE) --no-print-directory futures

## sweep-pairs: the comparisons make test samples, whole: every pair of recorded releases in both languages (a few minutes)
sweep-pairs:
	$(CORPUS_SWEEP)=1 $(GO) test -count=1 -timeout 0 -run 'TestEveryPairOfReleasesAccountsForEveryName|TestEveryNewReleaseAccountsForEveryName|TestCompareAccountsForEveryRule' -v ./internal/diff ./internal/tree ./internal/rulebook

## rehearse: the next rules update, end to end: refresh.yml and review.yml against a local fake GitHub
rehearse:
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -run TestRehearsedUpdate -v ./internal/rehearsal

vet:
	$(GO) vet ./...

fmt-check:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## lint: golangci-lint, pinned, on all hand-written and generated code
lint:
	$(GO) run $(GOLANGCI_LINT) run ./...

## lint-workflows: actionlint, pinned, through go run
lint-workflows:
	$(GO) run $(ACTIONLINT) -color=false

## fuzz: every fuzz target for FUZZTIME each (20s unless set), all of them even when one fails; names the failures and shows their inputs
# A failing input is the file Go writes under the package's testdata/fuzz
# (or the seed that failed): shown here, so that a CI log is enough. A
# target that fails without one is run once more: Go's fuzzing can stop
# so at its deadline (golang/go#56238). Go minimizes every new input it
# keeps for up to a minute, fuzzing nothing meanwhile (a short run of a
# target whose inputs are kilobytes stalls at its first finds): 100 runs
# each keep it fuzzing.
fuzz:
	@fuzztime='$(or $(FUZZTIME),20s)'; start=$$(date +%s); failed=''; log=$$(mktemp); \
	fuzz_one() { \
	  { $(GO) test -run '^$$' -fuzz "^$$2$$" -fuzztime "$$fuzztime" -fuzzminimizetime 100x "$$1"; echo $$? > "$$log.rc"; } 2>&1 | tee "$$log"; \
	  return "$$(cat "$$log.rc")"; \
	}; \
	inputs_of() { \
	  dir=$$($(GO) list -f '{{.Dir}}' "$$1"); \
	  for input in $$(sed -n -e 's|.*Failing input written to \(testdata/fuzz/[^ ]*\).*|\1|p' \
	      -e 's|.*--- FAIL: \(Fuzz[^/ ]*\)/\([^ ]*\) .*|testdata/fuzz/\1/\2|p' "$$log" | sort -u); do \
	    if [ -f "$$dir/$$input" ]; then echo "$$dir/$$input"; fi; \
	  done; \
	}; \
	list=$$($(GO) test -list '^Fuzz' ./... 2>&1) || { echo "$$list" | grep -v '^ok\|^Fuzz\|^?'; failed=' (packages that do not build)'; }; \
	targets=$$(echo "$$list" | awk '/^Fuzz/ { t[n++] = $$1 } /^ok/ { for (i = 0; i < n; i++) print $$2 ":" t[i]; n = 0 }'); \
	count=$$(echo "$$targets" | grep -c .); \
	echo "fuzz: $$count targets, $$fuzztime each"; \
	for target in $$targets; do \
	  pkg=$${target%%:*}; t=$${target#*:}; \
	  echo "== $$pkg $$t"; \
	  if fuzz_one "$$pkg" "$$t"; then continue; fi; \
	  inputs=$$(inputs_of "$$pkg"); \
	  if [ -z "$$inputs" ]; then \
	    echo "== $$pkg $$t failed without a failing input: once more"; \
	    if fuzz_one "$$pkg" "$$t"; then continue; fi; \
	    inputs=$$(inputs_of "$$pkg"); \
	  fi; \
	  failed="$$failed $$pkg.$$t"; \
	  for input in $$inputs; do echo "== failing input of $$pkg $$t: $$input"; cat "$$input"; echo; done; \
	done; \
	rm -f "$$log" "$$log.rc"; \
	took=$$(( $$(date +%s) - start )); took=$$(printf '%dm%02ds' $$((took / 60)) $$((took % 60))); \
	if [ -n "$$failed" ]; then echo "fuzz: $$count targets, $$fuzztime each, in $$took; FAILED:$$failed"; exit 1; fi; \
	echo "fuzz: $$count targets, $$fuzztime each, in $$took: all passed"

## bench: every benchmark beside its baselines, one package at a time, then benchstat and the ratios
bench:
	$(GO) test -p 1 -run '^$$' -bench '$(BENCH)' -benchmem -benchtime 200ms -count 10 $(BENCH_PKGS) | tee bench.txt
	$(GO) run $(BENCHSTAT) bench.txt
	$(GO) run ./internal/cmd/benchratio bench.txt
