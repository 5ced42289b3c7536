package future_test

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/future"
)

// EnvFutures lists the seeds of the futures TestFutures rehearses: "1-40",
// "7", "3,9". make test rehearses future.Defaults; make futures as many as
// asked.
const EnvFutures = "CRGEN_FUTURES"

// TestFutures derives releases nobody wrote from the tree as it stands
// (internal/future), by a seeded random choice of the changes the rules
// have made or could make (names added, removed, renamed with evidence,
// moved, many lists at once; a category added, renamed or dropped; a new
// group of mana symbols; a keyword; Spanish a release behind, a Spanish
// page for a release no longer the newest, a translation changed; an
// official TXT completing a release recorded from rule pages; a list
// sentence reworded beyond recognition), one or two releases in a row,
// and runs each through the manual recipe (scrape import, scrape accept,
// scrape, gen): the lists must be what the release says, every value
// kept, the Go API compatible, the generated/ diff a few lines per name,
// the report naming a completion as one, and the tests of the state
// (make state) must pass. Releases are rendered from the tree alone, so
// the futures run without the corpus too. A failure names the seed:
// CRGEN_FUTURES=<seed> make futures replays it.
func TestFutures(t *testing.T) {
	if os.Getenv(future.EnvInside) != "" {
		t.Skip("inside a rehearsal: futures are not rehearsed again")
	}
	if testing.Short() {
		t.Skip("-short: each future runs scrape, gen and the tests of the state")
	}
	t.Parallel() // each works in trees of its own
	project := corpus.Root(t)
	futures := chosenFutures(t)
	// Each future runs beside the others (they share nothing but the
	// build cache); how each ended is read once all have.
	type outcome struct {
		entered, ran bool
		made         []string // kinds of change made, and "two in a row", "Spanish late"
	}
	outcomes := make([]outcome, len(futures))
	names, replays := make([]string, len(futures)), make([]string, len(futures))
	failedRun := make([]bool, len(futures))
	t.Run("each", func(t *testing.T) {
		for i, fu := range futures {
			names[i], replays[i] = fmt.Sprintf("seed=%d", fu.Seed), fmt.Sprintf("%s=%d make futures", EnvFutures, fu.Seed)
			if fu.Releases != nil {
				names[i] = fmt.Sprintf("chosen=%d", fu.Seed)
				replays[i] = "go test ./internal/future -run 'TestFutures/each/" + names[i] + "$'"
			}
			t.Run(names[i], func(t *testing.T) {
				t.Parallel()
				outcomes[i].entered = true
				t.Cleanup(func() {
					if t.Failed() {
						failedRun[i] = true
						t.Logf("replay: %s", replays[i])
					}
				})
				outcomes[i].made = future.Made(rehearseFuture(t, project, fu))
				outcomes[i].ran = true
			})
		}
	})
	made := map[string]bool{}
	complete := true
	var failed []string // every future that failed, with its replay: a range runs them all
	for i, o := range outcomes {
		switch {
		case !o.entered:
			complete = false // left out by -run: the replay of another
		case failedRun[i]:
			failed = append(failed, names[i]+" ("+replays[i]+")")
			complete = false
		case !o.ran:
			complete = false // skipped: which kinds it makes is not the question
		}
		for _, k := range o.made {
			made[k] = true
		}
	}
	if len(failed) > 0 {
		t.Errorf("%d of %d futures failed:\n  %s", len(failed), len(futures), strings.Join(failed, "\n  "))
	}
	if os.Getenv(EnvFutures) != "" || !complete {
		return
	}
	want := []string{"two in a row", "Spanish late", "probe"}
	for _, k := range future.Kinds {
		if k.Name != future.KindReword { // made as the probe
			want = append(want, k.Name)
		}
	}
	for _, k := range want {
		if !made[k] {
			t.Errorf("the futures of make test never make %q: add it to a release of future.Defaults", k)
		}
	}
}

func chosenFutures(t *testing.T) []future.Future {
	t.Helper()
	spec := os.Getenv(EnvFutures)
	if spec == "" {
		return future.Defaults
	}
	var out []future.Future
	for _, part := range strings.Split(spec, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.ParseUint(lo, 10, 64)
		b := a
		if isRange {
			b, err = strconv.ParseUint(hi, 10, 64)
		}
		if err != nil || b < a {
			t.Fatalf("%s=%q: want seeds like 1-40, 7 or 3,9", EnvFutures, spec)
		}
		for s := a; s <= b; s++ {
			out = append(out, future.Future{Seed: s})
		}
	}
	return out
}

// futureTree is a copy of the project in which a future is run.
type futureTree struct {
	*future.Tree
}

func rehearseFuture(t *testing.T, project string, fu future.Future) []*future.Step {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "tree")
	if err := future.CopyProject(project, dir); err != nil {
		t.Fatal(err)
	}
	f := &futureTree{future.NewTree(dir, tmp)}
	steps, err := future.Plan(dir, f.Store, fu)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(future.Describe(fu.Seed, steps))
	for i, s := range steps {
		before := f.keep(t, i)
		if s.Refuse != nil {
			state := corpus.Digest(t, f.Dir)
			if err := f.Probe(s); err != nil {
				t.Error(err)
			}
			if !maps.Equal(state, corpus.Digest(t, f.Dir)) {
				t.Errorf("a refused import changed the tree")
			}
			s.Refuse = nil // tried: ApplyTXT goes on with the release
		}
		// The snapshots the TXT's report compares with: after the page
		// the release publishes first, if any.
		reportBase := filepath.Join(before.root, "snapshots")
		if s.Page {
			if err := f.PublishEnglishPage(s.W); err != nil {
				t.Fatal(err)
			}
			reportBase = filepath.Join(tmp, fmt.Sprintf("page-%d", i))
			if err := os.CopyFS(reportBase, os.DirFS(f.Store.Dir)); err != nil {
				t.Fatal(err)
			}
			f.checkWhole(t, filepath.Join(before.root, "snapshots"), reportBase, map[string][]string{"en": {s.W.Date}})
		}
		if err := f.ApplyTXT(steps, i); err != nil {
			t.Fatal(err)
		}
		f.check(t, s, steps[:i+1])
		f.checkReport(t, reportBase, s)
		f.checkWhole(t, reportBase, f.Store.Dir, changedReleases(steps, i))
		f.checkGenerated(t, before, s)
	}
	f.stateTests(t)
	return steps
}

// stateTests are the tests of what a release changes: make state, as the
// refresh runs it (its rehearsals skip themselves, inside this one).
func (f *futureTree) stateTests(t *testing.T) {
	t.Helper()
	cmd := exec.Command("make", "state")
	cmd.Dir = f.Dir
	cmd.Env = append(slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, corpus.EnvDir+"=") }),
		future.EnvInside+"=1", "GOFLAGS=-trimpath", corpus.EnvDir+"="+corpus.Path(t, ""))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("the tests of the state fail on this future: %v\n%s", err, tail(string(out), 80))
	}
}

// tail is the last n lines of s, saying how many it left out.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{fmt.Sprintf("[... %d lines]", len(lines)-n)}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}
