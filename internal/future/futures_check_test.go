package future_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/apicheck"
	"github.com/mtgrules/crgen/internal/future"
	"github.com/mtgrules/crgen/internal/gen"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// before is what a release is checked against: the module's code as the
// tree held it, and its values record.
type before struct {
	root    string
	record  *gen.Record
	spanish map[snapshot.Pair]bool // the pairs of the current Spanish snapshot
}

// spanishPairs are the pairs of the tree's current Spanish snapshot.
func (f *futureTree) spanishPairs(t *testing.T) map[snapshot.Pair]bool {
	t.Helper()
	es, err := f.Store.Current("es")
	if err != nil {
		t.Fatal(err)
	}
	out := map[snapshot.Pair]bool{}
	for _, pairs := range es.PairingEN {
		for _, p := range pairs {
			out[p] = true
		}
	}
	return out
}

// keep copies what the API check and the diff bound compare with.
func (f *futureTree) keep(t *testing.T, i int) before {
	t.Helper()
	root := filepath.Join(f.Tmp, "before-"+string(rune('a'+i)))
	for _, p := range []string{"generated", "internal", "snapshots", "go.mod", "go.sum"} {
		cp := exec.Command("cp", "-R", filepath.Join(f.Dir, p), filepath.Join(root, p))
		if err := os.MkdirAll(root, 0o755); err != nil {
			t.Fatal(err)
		}
		if out, err := cp.CombinedOutput(); err != nil {
			t.Fatalf("keeping %s: %v\n%s", p, err, out)
		}
	}
	return before{root, record(t, filepath.Join(f.Dir, "generated")), f.spanishPairs(t)}
}

// check compares the tree's English and Spanish snapshots with what the
// releases of the future say.
func (f *futureTree) check(t *testing.T, s *future.Step, steps []*future.Step) {
	t.Helper()
	en, err := f.Store.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	if en.Effective != s.W.Date {
		t.Errorf("current English snapshot of %s, want the release of %s", en.Effective, s.W.Date)
	}
	for k, want := range s.W.Want {
		if got := en.List(k); !slices.Equal(got, want) {
			t.Errorf("en@%s %s: %d names, want %d\n got %q\nwant %q", s.W.Date, k, len(got), len(want), got, want)
		}
	}
	for name, form := range s.W.Forms {
		if !slices.ContainsFunc(en.KeywordForms[name], func(f snapshot.KeywordForm) bool { return f.Form == form }) {
			t.Errorf("en@%s: the keyword ability %s has the forms %v, want %q, as its rule writes it", s.W.Date, name, en.KeywordForms[name], form)
		}
	}
	for name, form := range s.W.ActionForms {
		if !slices.ContainsFunc(en.KeywordActionForms[name], func(f snapshot.KeywordForm) bool { return f.Form == form }) {
			t.Errorf("en@%s: the keyword action %s has the forms %v, want %q, as its rule writes it", s.W.Date, name, en.KeywordActionForms[name], form)
		}
	}
	for _, c := range en.Categories() {
		if _, ok := s.W.Want[c]; !ok {
			t.Errorf("en@%s lists %s types, which the release does not have", s.W.Date, c)
		}
	}
	for i, st := range steps {
		if !st.Spanish && !(i+1 < len(steps) && steps[i+1].Late) {
			continue
		}
		es, err := snapshot.Load(f.Store.HistoryPath("es", st.W.Date))
		if err != nil {
			t.Errorf("the Spanish page of %s: %v", st.W.Date, err)
			continue
		}
		for c, names := range st.W.Want {
			if !snapshot.IsCategory(c) {
				continue
			}
			var want []snapshot.Pair
			for _, n := range names {
				want = append(want, snapshot.Pair{ES: st.W.Spanish[c][n], EN: n})
			}
			if got := es.PairingEN[c]; !slices.Equal(got, want) {
				t.Errorf("es@%s %s types: pairs %v, want %v", st.W.Date, c, got, want)
			}
		}
	}
}

// checkReport checks what scrape report says of a release that
// completes one the history recorded from rule pages, against the
// snapshots in old: a completion, list by list, never an amendment.
func (f *futureTree) checkReport(t *testing.T, old string, s *future.Step) {
	t.Helper()
	if s.Amends != "" {
		f.checkAmendment(t, old, s)
		return
	}
	if s.Completes == "" {
		return
	}
	rec, err := snapshot.Load(f.Store.HistoryPath("en", s.Completes))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Partial || !slices.ContainsFunc(rec.Sources, func(src snapshot.Source) bool { return src.Format == "cr-txt" }) {
		t.Errorf("en@%s after its TXT: partial %v, sources %+v", s.Completes, rec.Partial, rec.Sources)
	}
	for _, format := range []string{"text", "markdown"} {
		code, out := f.Scrape("report", "-exit-code", "-format", format, old, f.Store.Dir)
		if code != 3 {
			t.Errorf("scrape report -format %s of the completion: exit %d\n%s", format, code, out)
		}
		for _, bad := range []string{"mend", "corrected on purpose", "en@" + s.Completes + "\n\nNo changes", "en@" + s.Completes + "\nno changes", s.Completes + " → " + s.Completes} {
			if strings.Contains(out, bad) {
				t.Errorf("the %s report of a completion says %q:\n%s", format, bad, out)
			}
		}
		if !strings.Contains(out, "en@"+s.Completes) || !strings.Contains(strings.ToLower(out), "completed from the official txt") {
			t.Errorf("the %s report does not say en@%s was completed from the official TXT:\n%s", format, s.Completes, out)
		}
	}
}

// checkAmendment checks what scrape report says of the official TXT of
// a recorded release read again with a correction of a rule no list is
// read from: no list changed, the rule book's release amended.
func (f *futureTree) checkAmendment(t *testing.T, old string, s *future.Step) {
	t.Helper()
	for _, format := range []string{"text", "markdown"} {
		code, out := f.Scrape("report", "-exit-code", "-format", format, old, f.Store.Dir)
		if code != 3 {
			t.Errorf("scrape report -format %s of the amendment: exit %d\n%s", format, code, out)
		}
		if !strings.Contains(out, "en@"+s.Amends+" amended: as recorded before → now") {
			t.Errorf("the %s report does not show en@%s amended:\n%s", format, s.Amends, out)
		}
	}
}

// changedReleases are the releases step i of steps records, completes
// or amends, by language: its English release (the one it amends, for an
// amendment), and the Spanish pages it publishes.
func changedReleases(steps []*future.Step, i int) map[string][]string {
	s := steps[i]
	out := map[string][]string{"en": {s.W.Date}}
	if s.Amends != "" {
		out["en"] = []string{s.Amends}
	}
	if s.Late {
		out["es"] = append(out["es"], steps[i-1].W.Date)
	}
	if s.Spanish {
		out["es"] = append(out["es"], s.W.Date)
	}
	return out
}

// checkWhole checks that the report of the snapshots in old against the
// tree's shows every change of the rule books want names, once, counted
// against scrape diff -whole (future.WholeShown).
func (f *futureTree) checkWhole(t *testing.T, old, cur string, want map[string][]string) {
	t.Helper()
	code, out := f.Scrape("report", "-format", "json", old, cur)
	if code != 0 {
		t.Fatalf("scrape report -format json: exit %d\n%s", code, out)
	}
	counted, err := future.WholeShown([]byte(out), old, cur, want)
	if err != nil {
		t.Error(err)
	}
	t.Logf("the whole rules in the pull request:\n%s", counted)
}

// checkGenerated checks what a reviewer of the release's pull request
// sees in generated/: every value kept, a compatible Go API, and a diff of
// a few lines per name.
func (f *futureTree) checkGenerated(t *testing.T, b before, s *future.Step) {
	t.Helper()
	if lost := record(t, filepath.Join(f.Dir, "generated")).Lost(b.record); len(lost) > 0 {
		t.Errorf("the release moved values: %v", lost)
	}
	lines := f.checkLines(t, b, s)
	removed := removedNames(t, filepath.Join(b.root, "snapshots"), filepath.Join(f.Dir, "snapshots"))
	if lines == 0 && len(removed) == 0 {
		// No line of generated/ but its provenance and the rule books'
		// copy: no declaration changed (an amendment of a rule's text).
		t.Log("generated/ changed in its provenance and rule books only: its Go API is the one before")
		return
	}
	v, err := apicheck.Compare(b.root, f.Dir)
	if err != nil {
		t.Fatalf("apicheck: %v", err)
	}
	if !v.OK() {
		t.Errorf("the Go API changed incompatibly: %s %v %s", v.Summary(), v.Incompatible, v.Error)
	}
	// Every name the release removed keeps its constant, deprecated.
	for _, name := range removed {
		id, err := gen.Ident("", name) // its constant is a prefix and this ("subtype.Creature" "Crab")
		if err != nil {
			t.Errorf("the release removed %q: %v", name, err)
			continue
		}
		if !slices.ContainsFunc(v.Deprecated, func(d string) bool { return strings.HasSuffix(d, id) }) {
			t.Errorf("the release removed %q, and no constant of it is deprecated (deprecated: %v)", name, v.Deprecated)
		}
	}
}

// checkLines bounds the lines of generated/ the release changed, its
// provenance aside, by what it changed (a few lines per name), and
// returns them.
func (f *futureTree) checkLines(t *testing.T, b before, s *future.Step) int {
	t.Helper()
	lines, grew, diff := diffLines(t, filepath.Join(b.root, "generated"), filepath.Join(f.Dir, "generated"))
	// A Spanish page brings Spanish names: each pair new to the current
	// Spanish state is a name changed too.
	translated := 0
	for p := range f.spanishPairs(t) {
		if !b.spanish[p] {
			translated++
		}
	}
	// Each release recorded is a line of the releases package rules
	// knows: a late Spanish page records two at once.
	releases := 0
	for _, lang := range snapshot.Languages {
		releases += len(histories(t, snapshot.Store{Dir: filepath.Join(f.Dir, "snapshots")}, lang)) - len(histories(t, snapshot.Store{Dir: filepath.Join(b.root, "snapshots")}, lang))
	}
	limit := future.LinesPerName*(s.Names+translated) + future.LinesPerList*s.Lists + future.LinesPerCategory*s.Categories + future.LinesPerKeyword*s.Keywords + future.LinesPerRelease*releases
	t.Logf("generated/: %d lines changed beyond provenance for %d names, %d Spanish names, %d lists, %d categories, %d keywords, %d releases (limit %d)%s", lines, s.Names, translated, s.Lists, s.Categories, s.Keywords, releases, limit, grew)
	if lines > limit {
		t.Errorf("generated/: %d lines changed, over the limit of %d:\n%s", lines, limit, diff)
	}
	return lines
}

// removedNames are the names of the current English snapshot of the
// snapshots in old that the one in cur no longer lists.
func removedNames(t *testing.T, old, cur string) []string {
	t.Helper()
	was, err := snapshot.Store{Dir: old}.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	now, err := snapshot.Store{Dir: cur}.Current("en")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, k := range append(was.Categories(), snapshot.Facts()...) {
		// A list the release dropped (a category, 205.3) removed all its
		// names.
		for _, n := range was.List(k) {
			if !slices.Contains(now.List(k), n) && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// histories are the releases of lang the store records.
func histories(t *testing.T, store snapshot.Store, lang string) []*snapshot.Snapshot {
	t.Helper()
	h, err := store.History(lang)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// diffLines counts the lines changed between two generated/ trees,
// provenance aside. A lookup table that grew (past half full, it doubles
// and every name moves) is left out and said.
func diffLines(t *testing.T, a, b string) (int, string, string) {
	t.Helper()
	out, _ := exec.Command("git", "diff", "--no-index", "-U0", "--no-color", a, b).Output()
	grew := future.GrownTables(readFile(t, filepath.Join(a, "internal", "data", "index.go")), readFile(t, filepath.Join(b, "internal", "data", "index.go")))
	return future.ChangedLines(string(out), grew != ""), grew, string(out)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
