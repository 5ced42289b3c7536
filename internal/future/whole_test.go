package future_test

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/future"
	"github.com/mtgrules/crgen/internal/rulebook"
)

// The next real refresh, composed from the tree: its newest release
// recorded from rule pages (a release whose 205.3 page is recorded first
// where the tree's newest is whole), completed by the official TXT,
// which also rewords a rule outside the pages and adds rules (keywords
// of their own sections). Imported as the README says, the pull request
// shows every change once: the completion's whole diff and what the
// pages' showed add up to scrape diff -whole of the release, and the
// completion names each rule the TXT added or reworded.
func TestCompletionShowsEveryChange(t *testing.T) {
	if os.Getenv(future.EnvInside) != "" {
		t.Skip("inside a rehearsal: the nested make test does not rehearse again")
	}
	t.Parallel()
	// The first future from seed 46 whose completion adds rules and
	// rewords one outside the pages: which keywords a completion brings
	// (an ability word changes 207.2c, an action or ability adds its
	// rules) is drawn, and the draw depends on the tree.
	var (
		f     *futureTree
		s     *future.Step
		tmp   string
		pages string
		want  map[string]string
	)
	for seed := uint64(46); ; seed++ {
		if seed == 46+20 {
			t.Fatal("no future of seeds 46 to 65 completes a release adding rules and rewording one outside its pages")
		}
		tmp = t.TempDir()
		dir := filepath.Join(tmp, "tree")
		if err := future.CopyProject(corpus.Root(t), dir); err != nil {
			t.Fatal(err)
		}
		f = &futureTree{future.NewTree(dir, tmp)}
		steps, err := future.Plan(dir, f.Store, future.Future{Seed: seed, Releases: []future.Release{{Changes: []string{future.KindComplete}}}})
		if err != nil {
			t.Fatal(err)
		}
		s = steps[0]
		t.Log(future.Describe(seed, steps))
		if s.Page {
			if err := f.PublishEnglishPage(s.W); err != nil {
				t.Fatal(err)
			}
		}
		pages = filepath.Join(tmp, "pages")
		if err := os.CopyFS(pages, os.DirFS(f.Store.Dir)); err != nil {
			t.Fatal(err)
		}
		// Each rule the TXT prints otherwise than the tree's snapshots
		// quoted it, outside the pages, as the future wrote it.
		if want, err = s.Changed(pages); err != nil {
			t.Fatal(err)
		}
		if statuses := slices.Collect(maps.Values(want)); slices.Contains(statuses, "added") && slices.Contains(statuses, "changed") {
			break
		}
		t.Logf("future %d: the completion's TXT changes %v outside the pages, not rules added and changed: the next seed", seed, want)
	}
	if err := f.Import(s); err != nil {
		t.Fatal(err)
	}
	code, out := f.Scrape("report", "-format", "json", pages, f.Store.Dir)
	if code != 0 {
		t.Fatalf("scrape report: exit %d\n%s", code, out)
	}
	counted, err := future.WholeShown([]byte(out), pages, f.Store.Dir, map[string][]string{"en": {s.Completes}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(counted)

	// What the TXT added or reworded, as the future wrote it, each shown.
	var rep struct {
		Whole []rulebook.Change `json:"whole_rules"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Whole) != 1 || rep.Whole[0].Kind != rulebook.KindCompletion {
		t.Fatalf("whole diffs %+v, want the completion of en@%s", rep.Whole, s.Completes)
	}
	shown := map[string]string{}
	for _, rc := range rep.Whole[0].Rules {
		shown[rc.Number] = rc.Status
	}
	for n, status := range want {
		if shown[n] != status {
			t.Errorf("rule %s, %s by the TXT: %q in the pull request", n, status, shown[n])
		}
	}
}
