package rulebook

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/bookfile"
	"github.com/mtgrules/crgen/internal/diff"
)

// DocDiff is everything that changed in the rules between two recorded
// releases: the rules (changed, renumbered, added, removed, split,
// merged, or changed only in typography or in the numbers they cite),
// the glossary (a term renamed is "renumbered", from its old term) and
// the contents (a heading retitled is "changed").
type DocDiff struct {
	Lang     string            `json:"lang"`
	From     string            `json:"from"`
	To       string            `json:"to"`
	Rules    []diff.RuleChange `json:"rules"`
	Glossary []diff.RuleChange `json:"glossary"`
	Contents []diff.RuleChange `json:"contents"`
	// Partial names the releases between From and To (both included)
	// that hold only some rules (rule pages, a text of some sections):
	// their other rules are those of the release before them.
	Partial []string `json:"partial,omitempty"`
	// Quirks say the flaws of From and To behind the changes listed: a
	// number printed twice (702.30d in 2009-09-04), whose two printings
	// are compared as one rule.
	Quirks []string `json:"quirks,omitempty"`
}

// Empty reports whether nothing changed.
func (d *DocDiff) Empty() bool {
	return len(d.Rules)+len(d.Glossary)+len(d.Contents) == 0
}

// Compare is the whole-document diff between two recorded releases, from
// before to (either order of dates is refused but from == to, which is
// empty): bookfile.Compare of the record, which compares the reader's
// book too. Rules are followed through the pairing of every release
// between: a rule renumbered twice is one rule, its old and new number.
func (b *Book) Compare(from, to string) (*DocDiff, error) {
	i, j := b.indexOf(from), b.indexOf(to)
	switch {
	case i < 0:
		return nil, fmt.Errorf("%s@%s is not a recorded release of the rule book", b.Lang, from)
	case j < 0:
		return nil, fmt.Errorf("%s@%s is not a recorded release of the rule book", b.Lang, to)
	case j < i:
		return nil, fmt.Errorf("%s@%s is older than %s@%s: compare the older with the newer", b.Lang, to, b.Lang, from)
	}
	d, err := bookfile.Compare(b.source(), i, j)
	if err != nil {
		return nil, err
	}
	return &DocDiff{Lang: d.Lang, From: d.From, To: d.To, Rules: changesOf(d.Rules), Glossary: changesOf(d.Glossary),
		Contents: changesOf(d.Contents), Partial: d.Partial, Quirks: d.Quirks}, nil
}

// changesOf are the changes of a comparison as the reports read them.
func changesOf(cs []bookfile.Change) []diff.RuleChange {
	out := make([]diff.RuleChange, len(cs))
	for i, c := range cs {
		out[i] = diff.RuleChange{Number: c.Number, OldNumber: c.OldNumber, Status: string(c.Status), Text: c.Text, Diff: c.Diff}
	}
	return out
}

// sortedKeys are the keys of m in the rules' order.
func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, CompareNumbers)
	return ks
}

// termTexts are the glossary of release: term → definition, a line each.
func (b *Book) termTexts(release string) map[string]string {
	out := map[string]string{}
	for _, t := range b.Glossary {
		if v, ok := At(t.Versions, release); ok {
			out[t.Term] = strings.Join(v.More, "\n")
		}
	}
	return out
}

// headings are the contents of release: number → title.
func (b *Book) headings(release string) map[string]string {
	out := map[string]string{}
	for _, h := range b.Contents {
		if v, ok := At(h.Versions, release); ok {
			out[h.Number] = v.Text
		}
	}
	return out
}

// Step is one release in a rule's trace where its number or text
// changed (or it came or went): bookfile's, which traces the record and
// the reader's book alike.
type Step = bookfile.Step

// Trace is the history of the rule numbered number in release: each
// release where it came, changed number or text, or went, following it
// through every renumbering, oldest first.
func (b *Book) Trace(number, release string) ([]Step, error) {
	at := b.indexOf(release)
	if at < 0 {
		return nil, fmt.Errorf("%s@%s is not a recorded release of the rule book", b.Lang, release)
	}
	return bookfile.Trace(b.source(), number, at)
}
