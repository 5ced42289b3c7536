package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/snapshot"
)

var update = flag.Bool("update", false, "rewrite the golden files")

type pair struct {
	name     string
	old, cur func(t testing.TB) *snapshot.Snapshot
}

func pairs() []pair {
	at := func(lang, date string) func(t testing.TB) *snapshot.Snapshot {
		return func(t testing.TB) *snapshot.Snapshot { return corpus.Snapshot(t, lang, date) }
	}
	return []pair{
		{"kindred-2024-07-30", at("en", "2024-04-12"), at("en", "2024-07-30")},
		{"dungeon-renumbering-2022-06-10", at("en", "2022-02-18"), at("en", "2022-06-10")},
		{"straight-apostrophes", at("en", "2026-01-16"), func(t testing.TB) *snapshot.Snapshot {
			return corpus.Straighten(corpus.Snapshot(t, "en", "2026-02-27"))
		}},
		{"spanish-translation", at("es", "2026-09-25"), func(t testing.TB) *snapshot.Snapshot {
			return corpus.Retranslate(corpus.Snapshot(t, "es", "2026-09-25"))
		}},
		{"unchanged", at("en", "2025-11-14"), at("en", "2025-11-14")},
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/report -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; if the change is right, run go test ./internal/report -update\n--- got ---\n%s", name, got)
	}
}

func TestGolden(t *testing.T) {
	for _, p := range pairs() {
		t.Run(p.name, func(t *testing.T) {
			r := diff.Compare(p.old(t), p.cur(t))
			var text, md, js bytes.Buffer
			if err := Text(&text, r, false); err != nil {
				t.Fatal(err)
			}
			if err := Markdown(&md, r, MarkdownLimit); err != nil {
				t.Fatal(err)
			}
			if err := JSON(&js, r); err != nil {
				t.Fatal(err)
			}
			golden(t, p.name+".txt", text.Bytes())
			golden(t, p.name+".md", md.Bytes())
			golden(t, p.name+".json", js.Bytes())
		})
	}
}

func TestMarkdownLimitAndEscaping(t *testing.T) {
	old := corpus.Snapshot(t, "en", "2016-01-16")
	cur := corpus.Snapshot(t, "en", "2026-02-27")
	cur.Subtypes["creature"] = append(slices.Clone(cur.Subtypes["creature"]), "<script>alert(1)</script>", "a|b`c")
	r := diff.Compare(old, cur)
	var full, cut bytes.Buffer
	if err := Markdown(&full, r, MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	if err := Markdown(&cut, r, 4000); err != nil {
		t.Fatal(err)
	}
	if cut.Len() > 4000 || !strings.Contains(cut.String(), "This diff was cut") {
		t.Errorf("cut output: %d bytes, note present %v", cut.Len(), strings.Contains(cut.String(), "This diff was cut"))
	}
	if full.Len() > MarkdownLimit {
		t.Errorf("full output %d bytes", full.Len())
	}
	if strings.Contains(full.String(), "<script>") || !strings.Contains(full.String(), `a\|b\`+"`c") {
		t.Error("names from the sources are not escaped")
	}
}

// A change of a cited rule number alone (107.4d, 2019-06-14 →
// 2019-07-12) is counted and folded, the numbers named.
func TestCrossReferenceChange(t *testing.T) {
	r := diff.Compare(corpus.Snapshot(t, "en", "2019-06-14"), corpus.Snapshot(t, "en", "2019-07-12"))
	var b bytes.Buffer
	if err := Text(&b, r, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "107.4d (reference): 117.5 → 118.5") {
		t.Errorf("text report:\n%s", b.String())
	}
	b.Reset()
	if err := Markdown(&b, r, MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	// The release is also the first of the predefined tokens: its two
	// rules are added.
	if !strings.Contains(b.String(), "2 rules changed; 1 more only in typography, cross-references or number (folded).") ||
		!strings.Contains(b.String(), "| predefined tokens | 1 | 0 |") {
		t.Errorf("markdown report:\n%s", b.String())
	}
}

// The first screen of a pull-request report: names added, removed and
// renamed with their evidence, the lag, the Go API verdict, the count of
// rules changed, before any rule text.
func TestUpdateFirstScreen(t *testing.T) {
	dirs := updateDirs(t, "2024-04-12", "2024-07-30")
	u, err := diff.NewUpdate(snapshot.Store{Dir: dirs["2024-04-12"]}, snapshot.Store{Dir: dirs["2024-07-30"]})
	if err != nil {
		t.Fatal(err)
	}
	u.API = &apiverdict.Verdict{Added: []string{"cardtype.Kindred"}, Deprecated: []string{"cardtype.Tribal"}}
	var b bytes.Buffer
	if err := UpdateMarkdown(&b, u, MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	rules := strings.Index(out, "```diff")
	for _, want := range []string{
		"## Rules update: English 2024-04-12 → 2024-07-30; Spanish ",
		"- ➖ **Removed** (their constants stay, deprecated): creature types Cephalid, Naga, Viashino",
		`- ✏️ **Renamed**: card types tribal → kindred (rule 205.3m: "tribals" → "kindreds")`,
		"- **History of releases**: added en@2024-07-30",
		"- **Go API**: compatible: 1 constant added (Kindred), 1 deprecated (Tribal)",
		"- **Rule text**: ",
	} {
		if i := strings.Index(out, want); i < 0 || rules >= 0 && i > rules {
			t.Errorf("the first screen lacks %q before the rule text:\n%s", want, out[:min(len(out), 3000)])
		}
	}
	u.API = &apiverdict.Verdict{Incompatible: []string{"subtype.ArtifactBook: value changed from 21 to 22"}}
	b.Reset()
	if err := UpdateMarkdown(&b, u, MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "- ⚠️ **Go API**: incompatible: 1 change\n  - subtype.ArtifactBook: value changed from 21 to 22") {
		t.Errorf("an incompatible verdict is not listed change by change")
	}

	// The first release of the module compares with nothing: it says so,
	// and claims no "0 rules changed" nor "No changes".
	first, err := diff.NewUpdate(snapshot.Store{Dir: t.TempDir()}, snapshot.Store{Dir: dirs["2024-07-30"]})
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := UpdateMarkdown(&b, first, MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	out = b.String()
	if !strings.HasPrefix(out, "## Rules update: English none → 2024-07-30; Spanish none → ") || strings.Count(out, "The first snapshot: nothing before it to compare with.") != 2 ||
		strings.Contains(out, "**Rule text**") || strings.Contains(out, "No changes") {
		t.Errorf("the report of a first snapshot:\n%s", out)
	}
}

// The first release of a list is a list of additions on the first
// screen: the keyword counters 122.1b first lists in 2020-04-17.
func TestUpdateFirstScreenOfAListsFirstRelease(t *testing.T) {
	dirs := updateDirs(t, "2020-01-24", "2020-04-17")
	u, err := diff.NewUpdate(snapshot.Store{Dir: dirs["2020-01-24"]}, snapshot.Store{Dir: dirs["2020-04-17"]})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := UpdateMarkdown(&b, u, MarkdownLimit); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	first := out[:max(0, strings.Index(out, "```diff"))]
	if !strings.Contains(first, "keyword counters") || !strings.Contains(first, "flying") || !strings.Contains(first, "vigilance") {
		t.Errorf("the first screen does not add the keyword counters:\n%s", out[:min(len(out), 3000)])
	}
}

// updateDirs writes, for each date, a snapshot directory whose English
// history and current state are that release of the frozen tree, and
// whose Spanish is the frozen tree's.
func updateDirs(t *testing.T, dates ...string) map[string]string {
	t.Helper()
	dirs := map[string]string{}
	for _, d := range dates {
		dirs[d] = t.TempDir()
	}
	es, err := corpus.FrozenStore(t).Current("es")
	if err != nil {
		t.Fatal(err)
	}
	for date, dir := range dirs {
		en := corpus.Snapshot(t, "en", date)
		for lang, s := range map[string]*snapshot.Snapshot{"en": en, "es": es} {
			b, _ := snapshot.Marshal(s)
			for _, p := range []string{filepath.Join(dir, "current", lang+".json"), filepath.Join(dir, lang, s.Effective+".json")} {
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return dirs
}
