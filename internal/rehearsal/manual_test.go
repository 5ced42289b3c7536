package rehearsal

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/gen"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// TestManualUpdate runs the recipes of the README's "Updating by hand", as
// written, with the commands built from this tree: a new English release
// as a TXT, the Spanish rules page of that release, and a correction of
// that page. Each must give what the README says: the release recorded,
// the pairing, the report, generated/ with every value kept.
func TestManualUpdate(t *testing.T) {
	if os.Getenv(EnvInside) != "" {
		t.Skip("inside a rehearsal: the nested make test does not rehearse again")
	}
	if testing.Short() {
		t.Skip("-short: the manual rehearsal builds the commands and runs them")
	}
	project := corpus.Root(t)
	recipes := readmeRecipes(t, filepath.Join(project, "README.md"))
	if len(recipes) != 3 {
		t.Fatalf("README's \"Updating by hand\" has %d sh blocks, want 3 (TXT, Spanish page, correction)", len(recipes))
	}
	tmp := t.TempDir()
	work := filepath.Join(tmp, "work")
	copyProject(t, project, work)
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
		t.Logf("%s:\n%s", name, indent(tail(string(out), 60)))
		if err != nil {
			t.Fatalf("%s failed: %v", name, err)
		}
		if lost := record(t, filepath.Join(work, "generated")).Lost(committed); len(lost) > 0 {
			t.Errorf("%s moved values: %v", name, lost)
		}
		return string(out)
	}

	// 1. The English release: derived from the project's newest state.
	u := deriveUpdate(t, work)
	txt := filepath.Join(tmp, "MagicCompRules.txt")
	if err := os.WriteFile(txt, u.Text, 0o644); err != nil {
		t.Fatal(err)
	}
	out := run("a new English release", recipes[0], "TXT="+txt)
	for _, want := range []string{"en@" + u.Effective, "+ " + u.Added[0], "- " + u.Removed, "no Spanish name yet for: "} {
		if !strings.Contains(out, want) {
			t.Errorf("the English recipe's report lacks %q", want)
		}
	}

	// 2. The Spanish page of that release: the captured page with the same
	// changes, in Spanish.
	es, err := store.Current("es")
	if err != nil {
		t.Fatal(err)
	}
	seed, err := os.ReadFile(filepath.Join(work, "sources", "captured", "rule-205.3-es.txt"))
	if err != nil {
		t.Fatal(err)
	}
	spanish := []string{absentES(es, "Cerdo hormiguero"), absentES(es, "Cuoca"), absentES(es, "Zorrino")}
	page := spanishPage(t, string(seed), es, u, spanish)
	pageFile := filepath.Join(tmp, "rule-205.3-es.txt")
	if err := os.WriteFile(pageFile, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	out = run("a Spanish page for the release", recipes[1], "PAGE="+pageFile, "DATE="+u.Effective)
	got, err := snapshot.Load(store.HistoryPath("es", u.Effective))
	if err != nil {
		t.Fatalf("no Spanish snapshot of the release: %v", err)
	}
	for i, en := range u.Added {
		if !slices.Contains(got.PairingEN["creature"], snapshot.Pair{ES: spanish[i], EN: en}) {
			t.Errorf("Spanish %s is not paired with English %s", spanish[i], en)
		}
	}
	if !strings.Contains(out, "es@"+u.Effective) || strings.Contains(out, "no Spanish name yet for: "+u.Added[0]) {
		t.Errorf("the Spanish recipe's report does not show the Spanish release, or still lacks %s", u.Added[0])
	}
	data, err := os.ReadFile(filepath.Join(work, "generated", "internal", "data", "data.go"))
	if err != nil || !strings.Contains(string(data), `ES: "`+spanish[0]+`"`) {
		t.Errorf("generated/ does not carry the Spanish %s: %v", spanish[0], err)
	}

	// 3. A correction of that page: one name mended.
	mended := absentES(es, spanish[1]+"k")
	corrected := strings.Replace(page, spanish[1]+",", mended+",", 1)
	if err := os.WriteFile(pageFile, []byte(corrected), 0o644); err != nil {
		t.Fatal(err)
	}
	out = run("a corrected capture", recipes[2], "PAGE="+pageFile, "DATE="+u.Effective)
	if !strings.Contains(out, "amended: es@"+u.Effective) || !strings.Contains(out, "amendment of the recorded release es@"+u.Effective) {
		t.Errorf("the correction is not reported as an amendment:\n%s", out)
	}
	got, _ = snapshot.Load(store.HistoryPath("es", u.Effective))
	if !slices.Contains(got.PairingEN["creature"], snapshot.Pair{ES: mended, EN: u.Added[1]}) {
		t.Errorf("the amended Spanish release does not pair %s with %s", mended, u.Added[1])
	}
}

// readmeRecipes are the sh blocks of the README section "Updating by hand".
func readmeRecipes(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Updating by hand\n")
	if !ok {
		t.Fatal("README has no section \"## Updating by hand\"")
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

// absentES is name, made longer until no Spanish list has it.
func absentES(es *snapshot.Snapshot, name string) string {
	for _, names := range es.Subtypes {
		for slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, name) }) {
			name += "a"
		}
	}
	return name
}

// spanishPage applies u's changes of the creature list to the Spanish
// page, by position, as a translation of the release would: each English
// name added gets its Spanish name at the same place, the removed one's
// Spanish partner goes.
func spanishPage(t *testing.T, page string, es *snapshot.Snapshot, u *update, names []string) string {
	t.Helper()
	partner := func(en string) string {
		for _, p := range es.PairingEN["creature"] {
			if p.EN == en {
				return p.ES
			}
		}
		t.Fatalf("no Spanish partner of %s", en)
		return ""
	}
	en := es.PairingEN["creature"]
	var english []string
	for _, p := range en {
		english = append(english, p.EN)
	}
	// The English update put Added[1] before the middle name of the list
	// as it stood, and Added[2] after the last.
	mid := english[len(english)/2]
	edit := func(old, new string) {
		t.Helper()
		if !strings.Contains(page, old) {
			t.Fatalf("the Spanish page has no %q", old)
		}
		page = strings.Replace(page, old, new, 1)
	}
	const intro = "Todos los demás tipos de criatura tienen una sola palabra: "
	edit(intro, intro+names[0]+", ")
	edit(" "+partner(mid)+",", " "+names[1]+", "+partner(mid)+",")
	edit(" "+partner(u.Removed)+",", "")
	last := partner(english[len(english)-1])
	edit(" y "+last+".", ", "+last+" y "+names[2]+".")
	return page
}
