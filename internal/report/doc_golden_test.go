package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulebook"
)

// frozenBook is the frozen tree's English rule book (scrape.BookDir).
func frozenBook(t *testing.T) *rulebook.Book {
	t.Helper()
	b, err := rulebook.Load(filepath.Join(corpus.Frozen(t), "snapshots", "rules", "en"), "en")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The whole diff of real releases, as scrape diff -whole prints it:
// wither's damage rule and the one after it moved down a letter in
// order, infect's new (119.3c → 119.3d, 2010-10-01); connive's rule
// reworded under its number, explore's modelled on it new (701.47d,
// 701.40d, 2025-04-04); the typography and references folded.
func TestWholeDiffGolden(t *testing.T) {
	b := frozenBook(t)
	for _, c := range []struct{ name, from, to string }{
		{"whole-2010-10-01", "2010-07-16", "2010-10-01"},
		{"whole-2025-04-04", "2025-02-07", "2025-04-04"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := b.Compare(c.from, c.to)
			if err != nil {
				t.Fatal(err)
			}
			text, md := renderDoc(t, d)
			golden(t, c.name+".txt", text.Bytes())
			golden(t, c.name+".md", md.Bytes())
		})
	}
}

// A rule printed twice is said at the top of the whole diff.
func TestWholeDiffSaysQuirks(t *testing.T) {
	d, err := frozenBook(t).Compare("2009-07-11", "2009-09-04")
	if err != nil {
		t.Fatal(err)
	}
	text, md := renderDoc(t, d)
	const want = "en@2009-09-04 prints rule 702.30d twice (a flaw of its numbering): both printings are compared as one rule."
	head, _, _ := strings.Cut(text.String(), "rules: ")
	if !strings.Contains(head, want) || !strings.Contains(md.String(), want) {
		t.Errorf("the quirk is not said first:\n%s", head)
	}
}

// renderDoc is a whole diff for a terminal (no colour) and for a pull
// request (MarkdownLimit, no site).
func renderDoc(t *testing.T, d *rulebook.DocDiff) (text, md bytes.Buffer) {
	t.Helper()
	if err := DocText(&text, d, false); err != nil {
		t.Fatal(err)
	}
	if err := DocMarkdown(&md, d, MarkdownLimit, ""); err != nil {
		t.Fatal(err)
	}
	return text, md
}
