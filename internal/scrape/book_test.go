package scrape

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/sources"
)

// Rule pages that say otherwise than the official text recorded for
// their release never replace it, even amended: they hold a few rules,
// and every other would be lost.
func TestPagesNeverReplaceTheOfficialText(t *testing.T) {
	srcDir, snapDir := corpus.CopyProject(t)
	book, err := rulebook.Load(BookDir(snapDir, "en"), "en")
	if err != nil {
		t.Fatal(err)
	}
	var txt string // the newest release recorded from the official text
	for _, r := range book.Releases {
		if r.Source == "txt" && len(r.Holds) == 0 {
			txt = r.Date
		}
	}
	page, err := os.ReadFile(filepath.Join(srcDir, "captured", "rule-205.3-en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	doc := Document{Source: sources.Source{ID: "rule-205.3-en", Lang: "en", Format: sources.FormatPlain, Rule: "205.3", Effective: txt}, Data: page}
	before := len(book.Rules)
	p := &Plan{Files: map[string][]byte{}}
	_, _, err = p.recordRelease(book, "en@"+txt, []Document{doc}, Options{Amend: []string{"en@" + txt}}, BookDir(snapDir, "en"))
	if err == nil || !strings.Contains(err.Error(), "its rule pages say otherwise than the official text recorded") {
		t.Errorf("pages of %s over its official text, amended: %v", txt, err)
	}
	if rel, _ := book.ReleaseAsOf(txt); rel.Source != "txt" || len(book.Rules) != before {
		t.Errorf("the record of %s changed: %+v", txt, rel)
	}
}
