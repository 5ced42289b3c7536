# The pipeline: sources/ → snapshots/ (scrape) → generated/ (gen).
GO ?= go
CORPUS ?= ../shared/corpus

.PHONY: regen scrape gen test vet fmt-check fuzz bench history lint-workflows

ACTIONLINT ?= github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

## regen: refresh snapshots/ from the captured sources, offline, then generated/ (the main job)
regen: scrape gen

scrape:
	$(GO) run ./cmd/scrape

## gen: write generated/ from snapshots/ (go generate ./... does the same)
gen:
	$(GO) run ./cmd/gen

## history: rebuild the English history from the official releases in the corpus
history:
	$(GO) run ./cmd/scrape import $(CORPUS)/cr-en/*.txt

## test: everything CI checks
test: vet fmt-check lint-workflows
	$(GO) test ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## bench: extraction throughput and friends, with -benchmem
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## fuzz: a short run of every fuzz target
fuzz:
	@for pkg in $$($(GO) list ./internal/... ./generated/...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "$$pkg $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime 20s $$pkg || exit 1; \
	  done; \
	done

## lint-workflows: actionlint, pinned, through go run
lint-workflows:
	$(GO) run $(ACTIONLINT) -color=false
