package scrapecmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The report of an update that brings a new release holds, below the
// lists, the whole diff of the rules of each language's new release; a
// body too short for it says how many changes it leaves out and where
// they are, and -whole-file holds them all.
func TestReportHoldsTheWholeRules(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	old := filepath.Join(t.TempDir(), "snapshots")
	copyDirForTest(t, tr.snap, old)
	files, added := addArtifactType(t, tr)
	next := dayAfterNewest(t, tr)
	if _, stderr, code := run(t, append([]string{"accept", "-effective", next, "-sources", tr.src}, files...)...); code != 0 {
		t.Fatalf("accept -effective: %s", stderr)
	}
	if _, stderr, code := run(t, "-sources", tr.src, "-snapshots", tr.snap); code != 0 {
		t.Fatalf("scrape: %s", stderr)
	}
	whole := filepath.Join(t.TempDir(), "CHANGES.md")
	body, stderr, code := run(t, "report", "-format", "markdown", "-whole-file", whole, old, tr.snap)
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	lists := strings.Index(body, added)
	rules := strings.Index(body, "## The whole rules: en@")
	if lists < 0 || rules < lists || !strings.Contains(body[rules:], "rule 205.3g") || !strings.Contains(body, "## The whole rules: es@") {
		t.Errorf("the report does not lead with the lists and hold the whole rules after:\n%s", body)
	}
	b, err := os.ReadFile(whole)
	if err != nil || !strings.Contains(string(b), "rule 205.3g") || !strings.Contains(string(b), "+"+added) && !strings.Contains(string(b), added) {
		t.Errorf("-whole-file: %v\n%s", err, b)
	}
	short, _, _ := run(t, "report", "-format", "markdown", "-limit", "2000", old, tr.snap)
	if len(short) > 2000 || !strings.Contains(short, "cut") && !strings.Contains(short, "do not fit") {
		t.Errorf("a report cut to 2000 bytes does not say so (%d bytes):\n%s", len(short), short)
	}
}

func copyDirForTest(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if e.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A release the catalogue says is known and not recorded leaves it once
// imported, with a warning; the others stay.
func TestImportedReleaseLeavesTheCatalogue(t *testing.T) {
	t.Parallel()
	tr := newTree(t)
	h, err := snapshot.Store{Dir: tr.snap}.History("en")
	if err != nil {
		t.Fatal(err)
	}
	recorded := map[string]bool{}
	for _, s := range h {
		recorded[s.Effective] = true
	}
	var missing string // a corpus release the frozen tree does not record
	for _, r := range corpus.Releases(t) {
		if !recorded[r.Date] {
			missing = r.Date
		}
	}
	if missing == "" {
		t.Skip("the frozen tree records every release of the corpus")
	}
	cat := `{"note": "test", "releases": [{"lang": "en", "effective": "` + missing + `", "known_from": "a test"}, {"lang": "en", "effective": "2099-01-01", "known_from": "a test"}]}`
	path := snapshot.Store{Dir: tr.snap}.CataloguePath()
	if err := os.WriteFile(path, []byte(cat), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(corpus.Dir(t, "cr-en"), "en-"+strings.ReplaceAll(missing, "-", "")+".txt")
	_, stderr, code := run(t, "import", "-sources", tr.src, "-snapshots", tr.snap, file)
	if code != 0 || !strings.Contains(stderr, "en@"+missing+" is recorded now: dropped from") {
		t.Fatalf("import %s: exit %d, %s", missing, code, stderr)
	}
	c, err := snapshot.Store{Dir: tr.snap}.Catalogue()
	if err != nil || len(c.Releases) != 1 || c.Releases[0].Effective != "2099-01-01" {
		t.Errorf("the catalogue after the import: %+v, %v", c, err)
	}
}
