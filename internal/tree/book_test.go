package tree

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// The rule books are well formed and hold every release the history
// records (the Spanish one from its pages), each official release of
// the corpus as it prints it, and every release the frozen tree's books
// held.
func TestRuleBooksHoldTheHistory(t *testing.T) {
	t.Parallel()
	root := corpus.Root(t)
	for _, lang := range snapshot.Languages {
		book, err := rulebook.Load(scrape.BookDir(filepath.Join(root, "snapshots"), lang), lang)
		if err != nil {
			t.Fatal(err)
		}
		held := map[string]bool{}
		for _, r := range book.Releases {
			held[r.Date] = true
		}
		h, err := store(t).History(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range h {
			if !held[s.Effective] && readsRules(s) {
				t.Errorf("%s@%s is in the history, not in the rule book: run make history", lang, s.Effective)
			}
		}
		frozen, err := rulebook.Load(scrape.BookDir(filepath.Join(corpus.Frozen(t), "snapshots"), lang), lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range frozen.Releases {
			if !held[r.Date] {
				t.Errorf("%s@%s was in the rule book and is gone from it", lang, r.Date)
			}
		}
		if lang != "en" {
			continue
		}
		for _, r := range corpus.Releases(t) {
			text := corpus.Read(t, strings.ReplaceAll(r.Date, "-", ""))
			// An amendment recorded the release from another copy of its
			// official text (scrape import -amend, its correction shown
			// in its report): the corpus's is not what the record holds.
			if rel, ok := book.ReleaseAsOf(r.Date); ok && rel.Date == r.Date && rel.ReadFrom != "" && rel.ReadFrom != snapshot.SHA256(text) {
				t.Logf("en@%s was amended from another copy of its official text (sha256 %.12s…): not compared with the corpus's", r.Date, rel.ReadFrom)
				continue
			}
			w, err := crtext.ReadWhole(text)
			if err != nil {
				t.Fatal(err)
			}
			if d := book.Differences(w, 3); len(d) > 0 {
				t.Errorf("en@%s: %s (make history records it)", r.Date, strings.Join(d, "; "))
			}
		}
	}
}

// readsRules reports whether a release was read from a text of rules
// (the official text, rule pages), not only from curated facts.
func readsRules(s *snapshot.Snapshot) bool {
	for _, src := range s.Sources {
		switch src.Format {
		case sources.FormatCRText, sources.FormatPlain, sources.FormatHTML:
			return true
		}
	}
	return false
}
