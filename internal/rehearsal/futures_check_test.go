package rehearsal

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// checkGenerated checks what a reviewer of the release's pull request
// sees in generated/: every value kept, a compatible Go API, and a diff of
// a few lines per name.
func (f *futureTree) checkGenerated(t *testing.T, b before, s *future.Step) {
	t.Helper()
	if lost := record(t, filepath.Join(f.Dir, "generated")).Lost(b.record); len(lost) > 0 {
		t.Errorf("the release moved values: %v", lost)
	}
	v, err := apicheck.Compare(b.root, f.Dir)
	if err != nil {
		t.Fatalf("apicheck: %v", err)
	}
	if !v.OK() {
		t.Errorf("the Go API changed incompatibly: %s %v %s", v.Summary(), v.Incompatible, v.Error)
	}
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
	limit := linesPerName*(s.Names+translated) + linesPerList*s.Lists + linesPerCategory*s.Categories + linesPerKeyword*s.Keywords + linesPerRelease*releases
	t.Logf("generated/: %d lines changed beyond provenance for %d names, %d Spanish names, %d lists, %d categories, %d keywords, %d releases (limit %d)%s", lines, s.Names, translated, s.Lists, s.Categories, s.Keywords, releases, limit, grew)
	if lines > limit {
		t.Errorf("generated/: %d lines changed, over the limit of %d:\n%s", lines, limit, diff)
	}
}

// The bound on a release's diff of generated/: a name added is its row in
// data.go, its constant with its comment and its place in the rule order
// in tables.go, its entry in values.json, its slot in the index of its
// list and its word in each vocabulary, and two cases of the benchmarks'
// switch (16 lines); a name removed, its mark in each of those, for its
// English and its Spanish spelling: its row, two slots of the index, four
// entries of the vocabularies, four cases of the switch, its constant
// deprecated and its place in the order (25 lines; seed 9045 removed two
// with nothing else to spare); renamed or moved, one removed and one
// added. A list touched adds the comma of values.json and its rule; a category its
// type, methods and tables (its key and label among them), and the
// deprecation of the one a rename or drop leaves; a keyword action or
// ability added, besides, its verbs and their index (five lines) or its
// forms, their parts and their index (up to ten); a release recorded its
// date in package rules.
const (
	linesPerName     = 26
	linesPerList     = 6
	linesPerCategory = 180
	linesPerKeyword  = 10
	linesPerRelease  = 1
)

// histories are the releases of lang the store records.
func histories(t *testing.T, store snapshot.Store, lang string) []*snapshot.Snapshot {
	t.Helper()
	h, err := store.History(lang)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// provenanceRE matches what every release changes whatever its lists:
// the digests and dates of the sources, the effective dates, and the
// releases each list was read from (a table's AsOf, AsOfES and Unread).
var provenanceRE = regexp.MustCompile(`^[-+](//\s+(snapshots/current/|[a-z0-9.-]+: )|\s+Effective(EN|ES)\s+= |\s+(AsOf|AsOfES|Unread):\s|\s+symbols(AsOf|AsOfES)\s+= |var symbolsUnread )`)

// diffLines counts the lines changed between two generated/ trees,
// provenance aside. A lookup table that grew (past half full, it doubles
// and every name moves) is left out and said.
func diffLines(t *testing.T, a, b string) (int, string, string) {
	t.Helper()
	out, _ := exec.Command("git", "diff", "--no-index", "-U0", "--no-color", a, b).Output()
	grew := grownTables(t, readFile(t, filepath.Join(a, "internal", "data", "index.go")), readFile(t, filepath.Join(b, "internal", "data", "index.go")))
	return changedLines(string(out), grew != ""), grew, string(out)
}

// grownTables names the lookup tables of index.go whose size changed.
func grownTables(t *testing.T, before, after string) string {
	t.Helper()
	old, cur := tableSizes(before), tableSizes(after)
	grew := ""
	for name, shift := range old {
		if s, ok := cur[name]; ok && s != shift {
			grew += " " + name
		}
	}
	if grew != "" {
		grew = " (lookup tables grew, index.go left out:" + grew + ")"
	}
	return grew
}

// changedLines counts the lines a diff (-U0) adds or removes, provenance
// aside, and index.go aside when its tables grew.
func changedLines(diff string, skipIndex bool) int {
	n, file := 0, ""
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "diff --git"):
			file = l
		case strings.HasPrefix(l, "+++") || strings.HasPrefix(l, "---"):
		case skipIndex && strings.HasSuffix(file, "index.go"):
		case (strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-")) && !provenanceRE.MatchString(l):
			n++
		}
	}
	return n
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var tableRE = regexp.MustCompile(`(?m)^\t?(?:var )?(\w+)\s+= names\.(?:Index|Lexicon)\{(?s:.*?)Shift:\s+(\d+)`)

// tableSizes reads the size (its Shift) of each lookup table of index.go.
func tableSizes(src string) map[string]string {
	out := map[string]string{}
	for _, m := range tableRE.FindAllStringSubmatch(src, -1) {
		out[m[1]] = m[2]
	}
	return out
}
