package future_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/future"
	"github.com/mtgrules/crgen/internal/gen"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// TestManualUpdate runs the recipes of docs/maintaining.md's "Updating by hand", as
// written, with the commands built from this tree: a new English release
// as a TXT, the Spanish rules page of that release, and a correction of
// that page. Each must give what the page says: the release recorded,
// the pairing, the report, generated/ with every value kept.
func TestManualUpdate(t *testing.T) {
	if os.Getenv(future.EnvInside) != "" {
		t.Skip("inside a rehearsal: the nested make test does not rehearse again")
	}
	if testing.Short() {
		t.Skip("-short: the manual rehearsal builds the commands and runs them")
	}
	t.Parallel() // each works in trees of its own
	project := corpus.Root(t)
	recipes := readmeRecipes(t, filepath.Join(project, "docs", "maintaining.md"))
	if len(recipes) != 3 {
		t.Fatalf("docs/maintaining.md's \"Updating by hand\" has %d sh blocks, want 3 (TXT, Spanish page, correction)", len(recipes))
	}
	tmp := t.TempDir()
	work := filepath.Join(tmp, "work")
	if err := future.CopyProject(project, work); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, "bin")
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./cmd/scrape", "./cmd/gen")
	build.Dir = project
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the commands: %v\n%s", err, out)
	}
	store := snapshot.Store{Dir: filepath.Join(work, "snapshots")}
	committed := record(t, filepath.Join(project, "generated"))
	run := func(name, script string, env ...string) string {
		t.Helper()
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = work
		cmd.Env = append(append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1"), env...)
		out, err := cmd.CombinedOutput()
		t.Logf("%s:\n%s", name, "    "+strings.ReplaceAll(tail(string(out), 60), "\n", "\n    "))
		if err != nil {
			t.Fatalf("%s failed: %v", name, err)
		}
		if lost := record(t, filepath.Join(work, "generated")).Lost(committed); len(lost) > 0 {
			t.Errorf("%s moved values: %v", name, lost)
		}
		return string(out)
	}

	// 1. The English release: derived from the project's newest state,
	// names added to and removed from its lists.
	steps, err := future.Plan(work, store, future.Future{Seed: 1, Releases: []future.Release{{Changes: []string{future.KindAddNames, "remove names"}}}})
	if err != nil {
		t.Fatal(err)
	}
	step := steps[0]
	txt := filepath.Join(tmp, "MagicCompRules.txt")
	b, err := step.W.EnglishTXT()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(txt, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out := run("a new English release ("+strings.Join(step.Changes, "; ")+")", recipes[0], "TXT="+txt)
	for _, c := range step.Changes {
		_, names, _ := strings.Cut(c, ": ")
		for _, change := range strings.Split(names, ", ") {
			i := max(strings.LastIndex(change, " +"), strings.LastIndex(change, " -"))
			if want := change[i+1:i+2] + " " + change[i+2:]; !strings.Contains(out, want) {
				t.Errorf("the English recipe's report lacks %q", want)
			}
		}
	}
	if !strings.Contains(out, "en@"+step.W.Date) {
		t.Errorf("the English recipe's report does not name en@%s", step.W.Date)
	}

	// 2. The Spanish page of that release, as its translation would print
	// it: every English name with its Spanish partner, a new word for a
	// name Spanish had not translated.
	pageFile := filepath.Join(tmp, "rule-205.3-es.txt")
	page, err := step.W.SpanishPage()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pageFile, page, 0o644); err != nil {
		t.Fatal(err)
	}
	out = run("a Spanish page for the release", recipes[1], "PAGE="+pageFile, "DATE="+step.W.Date)
	got, err := snapshot.Load(store.HistoryPath("es", step.W.Date))
	if err != nil {
		t.Fatalf("no Spanish snapshot of the release: %v", err)
	}
	for _, c := range step.W.Categories() {
		for _, n := range step.W.Want[c] {
			if want := (snapshot.Pair{ES: step.W.Spanish[c][n], EN: n}); !slices.Contains(got.PairingEN[c], want) {
				t.Errorf("%s types: Spanish %s is not paired with English %s", c, want.ES, n)
			}
		}
	}
	if !strings.Contains(out, "es@"+step.W.Date) {
		t.Errorf("the Spanish recipe's report does not show the Spanish release")
	}

	// 3. A correction of that page: one Spanish name mended.
	c, en := firstTranslated(step.W)
	was := step.W.Spanish[c][en]
	step.W.Spanish[c][en] = unlisted(step.W, was+"a")
	if page, err = step.W.SpanishPage(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pageFile, page, 0o644); err != nil {
		t.Fatal(err)
	}
	out = run("a corrected capture", recipes[2], "PAGE="+pageFile, "DATE="+step.W.Date)
	if !strings.Contains(out, "amended: es@"+step.W.Date) || !strings.Contains(out, "amendment of the recorded release es@"+step.W.Date) {
		t.Errorf("the correction is not reported as an amendment:\n%s", out)
	}
	got, _ = snapshot.Load(store.HistoryPath("es", step.W.Date))
	if want := (snapshot.Pair{ES: step.W.Spanish[c][en], EN: en}); !slices.Contains(got.PairingEN[c], want) {
		t.Errorf("the amended Spanish release does not pair %s with %s (was %s)", want.ES, en, was)
	}
	data, err := os.ReadFile(filepath.Join(work, "generated", "internal", "data", "data.go"))
	if err != nil || !strings.Contains(string(data), `ES: "`+step.W.Spanish[c][en]+`"`) {
		t.Errorf("generated/ does not carry the mended Spanish %s: %v", step.W.Spanish[c][en], err)
	}
}

// firstTranslated is a one-word name of the first category that Spanish
// pairs, and its category.
func firstTranslated(w *future.World) (string, string) {
	for _, c := range w.Categories() {
		for _, n := range w.Want[c] {
			if _, ok := w.Spanish[c][n]; ok && !strings.Contains(n, " ") {
				return c, n
			}
		}
	}
	return "", ""
}

// unlisted is name, made longer until no list of w holds it in either
// language.
func unlisted(w *future.World, name string) string {
	taken := map[string]bool{}
	for k, names := range w.Want {
		for _, n := range names {
			taken[strings.ToLower(n)] = true
			taken[strings.ToLower(w.Spanish[k][n])] = true
		}
	}
	for taken[strings.ToLower(name)] {
		name += "a"
	}
	return name
}

// readmeRecipes are the sh blocks of the section "Updating by hand" of a
// Markdown file.
func readmeRecipes(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Updating by hand\n")
	if !ok {
		t.Fatalf("%s has no section \"## Updating by hand\"", path)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var out []string
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1) {
		out = append(out, m[1])
	}
	return out
}

func record(t *testing.T, dir string) *gen.Record {
	t.Helper()
	r, err := gen.LoadRecord(filepath.Join(dir, gen.RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	return r
}
