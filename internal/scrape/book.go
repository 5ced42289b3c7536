package scrape

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// BookDir is where the rule book of lang lives under the snapshots.
func BookDir(snapshotsDir, lang string) string {
	return filepath.Join(snapshotsDir, "rules", lang)
}

// recordBooks records in each language's rule book (every rule's text)
// the releases this run read: an official text whole, rule pages for the
// rules they hold, wherever the release falls in the history. A release
// the book holds is read again and must give back what the book says,
// unless the run amends it (opt.Amend) or completes it (the official
// text of a release recorded from rule pages that says what they said).
func (p *Plan) recordBooks(opt Options, rd *readings) error {
	for _, lang := range snapshot.Languages {
		keys := make([]string, 0, len(rd.docs))
		for k := range rd.docs {
			if strings.HasPrefix(k, lang+"@") {
				keys = append(keys, k)
			}
		}
		if len(keys) == 0 {
			continue
		}
		slices.Sort(keys)
		dir := BookDir(opt.SnapshotsDir, lang)
		book, err := rulebook.Load(dir, lang)
		if err != nil {
			return fmt.Errorf("rule book: %w", err)
		}
		var rewritten []string // recorded releases recorded again
		changed := false
		for _, k := range keys {
			added, again, err := p.recordRelease(book, k, rd.docs[k], opt, dir)
			if err != nil {
				return err
			}
			if again {
				date := strings.TrimPrefix(k, lang+"@")
				// The releases of rule pages after it take its correction
				// of what their pages do not hold.
				rewritten = append(append(rewritten, date), book.Followers(date)...)
			}
			changed = changed || added
		}
		if !changed {
			continue
		}
		// What recording these releases left of every other: nothing
		// recorded changes but what this run amends or completes.
		before, err := rulebook.Load(dir, lang)
		if err != nil {
			return err
		}
		if err := book.Unchanged(before, rewritten...); err != nil {
			return fmt.Errorf("rule book of %s: %w (a bug: recording a release changed another)", lang, err)
		}
		files, err := book.Files()
		if err != nil {
			return err
		}
		for name, data := range files {
			p.Files[filepath.Join(dir, name)] = data
		}
	}
	return nil
}

// recordRelease records release k (lang@date) in book from its documents:
// added reports that the book changed, again that it held the release
// before (completed or amended).
func (p *Plan) recordRelease(book *rulebook.Book, k string, docs []Document, opt Options, dir string) (added, again bool, err error) {
	_, date, _ := strings.Cut(k, "@")
	whole, pages, err := bookReading(docs)
	if err != nil {
		return false, false, fmt.Errorf("rule book %s: %w", k, err)
	}
	if whole == nil && len(pages) == 0 {
		return false, false, nil // curated facts only: no rule's text
	}
	rel, recorded := book.ReleaseAsOf(date)
	recorded = recorded && rel.Date == date
	var diffs []string
	switch {
	case recorded && whole != nil:
		var same bool
		if diffs, same = book.ReadsTheSame(whole); same {
			return false, false, nil
		}
	case recorded:
		if diffs = book.PagesDifferences(date, pages, 5); len(diffs) == 0 {
			return false, false, nil
		}
		if rel.Source == "txt" {
			// Pages hold a few rules: recording them in place of the
			// official text would lose every other, amended or not.
			return false, false, fmt.Errorf("rule book %s: its rule pages say otherwise than the official text recorded in %s: %s; correct the record from the official text (scrape import -amend %s FILE)", k, dir, strings.Join(diffs, "; "), k)
		}
	}
	if len(diffs) > 0 && !slices.Contains(opt.Amend, k) {
		return false, false, fmt.Errorf("rule book %s: the release read says otherwise than its record in %s (-amend %s to correct the record): %s", k, dir, k, strings.Join(diffs, "; "))
	}
	if whole != nil {
		for _, w := range whole.Warnings {
			p.Warnings = append(p.Warnings, fmt.Sprintf("rule book %s: %s; read on", k, w))
		}
		err = book.Add(whole)
		if err == nil && recorded && len(diffs) > 0 {
			err = book.SetReadFrom(date, officialText(docs).sha256()) // amended
		}
	} else {
		err = book.AddPages(date, pages)
	}
	if err != nil {
		return false, false, fmt.Errorf("rule book %s: %w", k, err)
	}
	return true, recorded, nil
}

// officialText is the official text among a release's documents.
func officialText(docs []Document) Document {
	for _, d := range docs {
		if d.Source.Format == sources.FormatCRText {
			return d
		}
	}
	return Document{}
}

// bookReading is a release's documents as the rule book reads them: the
// official text whole, or the rules of its rule pages.
func bookReading(docs []Document) (*crtext.Whole, []rulebook.Page, error) {
	if d := officialText(docs); d.Source.Format == sources.FormatCRText {
		w, err := crtext.ReadWhole(d.Data)
		return w, nil, err
	}
	var pages []rulebook.Page
	for _, d := range docs {
		switch d.Source.Format {
		case sources.FormatPlain:
			pg, err := rulepage.ParsePlain(d.Data)
			if err != nil {
				return nil, nil, err
			}
			pages = append(pages, rulebook.Page{Rule: pg.Rule, Rules: rulebook.PageRules(pg.Rules)})
		case sources.FormatHTML:
			pg, err := rulepage.ParseHTML(d.Data, *d.Source.Selectors)
			if err != nil {
				return nil, nil, err
			}
			pages = append(pages, rulebook.Page{Rule: d.Source.Rule, Rules: rulebook.PageRules(pg.Rules)})
		}
	}
	return nil, pages, nil
}
