package bookfile

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/rulenum"
	"github.com/mtgrules/crgen/internal/worddiff"
)

// Status is what happened to a rule (term, heading) from one release to
// another.
type Status string

const (
	Added      Status = "added"
	Removed    Status = "removed"
	Changed    Status = "changed"    // reworded under its number
	Renumbered Status = "renumbered" // a new number (Change.Text: how its text changed)
	Typography Status = "typography" // only quotes, apostrophes or spaces changed
	Reference  Status = "reference"  // only the numbers of the rules it cites changed
	Split      Status = "split"      // a new rule made of part of OldNumber
	Merged     Status = "merged"     // OldNumber's text went into Number
)

// Change is one rule (term, heading) whose number or text changed.
type Change struct {
	Number    string `json:"number"`
	OldNumber string `json:"old_number,omitempty"`
	Status    Status `json:"status"`
	// Text says, for a renumbered rule, how its text changed: "same",
	// "typography", "reference", or "" for a real change.
	Text string          `json:"text,omitempty"`
	Diff []worddiff.Span `json:"diff"`
}

// classify is the change from oldNum's text ot to n's text nt (oldNum ""
// or n when the number stayed); false for no change.
func classify(n, oldNum, ot, nt string) (Change, bool) {
	if oldNum == n {
		oldNum = ""
	}
	if ot == nt && oldNum == "" {
		return Change{}, false
	}
	spans := []worddiff.Span{{Op: worddiff.Equal, Text: nt}}
	if ot != nt {
		spans = worddiff.Diff(ot, nt)
	}
	c := Change{Number: n, Status: Changed, Diff: spans}
	class := worddiff.Classify(ot, nt)
	switch {
	case oldNum != "":
		c.OldNumber, c.Status = oldNum, Renumbered
		if class != worddiff.Reworded {
			c.Text = string(class)
		}
	case class == worddiff.Typography:
		c.Status = Typography
	case class == worddiff.Reference:
		c.Status = Reference
	}
	return c, true
}

// Source is what a comparison and a trace read of a record: its
// releases, its histories of rules, headings and terms (by index), their
// texts, and each release's pairing with the release before.
type Source interface {
	Lang() string
	Releases() int
	Date(i int) string
	// Partial reports whether release i printed only some rules.
	Partial(i int) bool
	Len(of Kind) int
	Key(of Kind, h int) string
	Find(of Kind, key string) (int, bool)
	// Text is history h's whole text in release i (its paragraphs, a
	// line each), false when release i prints none.
	Text(of Kind, h, i int) (string, bool, error)
	// PrintedTwice reports whether release i printed rule h twice.
	PrintedTwice(h, i int) bool
	Next(of Kind, i, h int) (int, bool)
	Previous(of Kind, i, h int) (int, bool)
	// Paired is the other side of release i's pair of kind k of history
	// h (its To when from, its From otherwise), or -1.
	Paired(i int, k PairKind, of Kind, h int, from bool) int
}

// comparer compares and traces a Source.
type comparer struct{ s Source }

// DocDiff is everything that changed between two releases: the rules,
// the glossary (a term renamed is "renumbered" from its old term) and the
// contents (a heading retitled is "changed", a section renumbered
// "renumbered").
type DocDiff struct {
	Lang     string   `json:"lang"`
	From     string   `json:"from"`
	To       string   `json:"to"`
	Rules    []Change `json:"rules"`
	Glossary []Change `json:"glossary"`
	Contents []Change `json:"contents"`
	// Partial names the releases between From and To (both included)
	// that hold only some rules: their other rules are those of the
	// release before them.
	Partial []string `json:"partial,omitempty"`
	// Quirks say the flaws of From and To behind the changes listed: a
	// number printed twice (702.30d in 2009-09-04), whose two printings
	// are compared as one rule.
	Quirks []string `json:"quirks,omitempty"`
}

// Empty reports whether nothing changed.
func (d *DocDiff) Empty() bool { return len(d.Rules)+len(d.Glossary)+len(d.Contents) == 0 }

// Compare is the whole diff from release i to release j (i ≤ j): every
// rule, term and heading followed through the pairing of every release
// between, a rule renumbered twice one rule with its old and new number.
func (f *File) Compare(i, j int) (*DocDiff, error) { return Compare(f, i, j) }

// Compare is the whole diff from release i to release j (i ≤ j) of a
// record: every rule, term and heading followed through the pairing of
// every release between, a rule renumbered twice one rule with its old
// and new number. The reader's File and the pipeline's record
// (internal/rulebook) are both compared by it.
func Compare(s Source, i, j int) (*DocDiff, error) {
	c := comparer{s}
	if i < 0 || j >= c.s.Releases() || i > j {
		return nil, fmt.Errorf("bookfile: no comparison of release %d with release %d of %d", i, j, c.s.Releases())
	}
	d := &DocDiff{Lang: c.s.Lang(), From: c.s.Date(i), To: c.s.Date(j), Rules: []Change{}, Glossary: []Change{}, Contents: []Change{}}
	for k := i; k <= j; k++ {
		if c.s.Partial(k) {
			d.Partial = append(d.Partial, c.s.Date(k))
		}
	}
	if i == j {
		return d, nil
	}
	var err error
	if d.Rules, err = c.compareKind(Rules, i, j); err != nil {
		return nil, err
	}
	d.Quirks = c.printedTwice(d, i, j)
	if d.Glossary, err = c.compareKind(Glossary, i, j); err != nil {
		return nil, err
	}
	if d.Contents, err = c.compareKind(Contents, i, j); err != nil {
		return nil, err
	}
	return d, nil
}

// printedTwice says which rules d lists release i or j printed twice.
func (c comparer) printedTwice(d *DocDiff, i, j int) []string {
	var out []string
	for _, ch := range d.Rules {
		for _, at := range [...]struct {
			release int
			number  string
		}{{i, cmp.Or(ch.OldNumber, ch.Number)}, {j, ch.Number}} {
			h, ok := c.s.Find(Rules, at.number)
			q := fmt.Sprintf("%s@%s prints rule %s twice (a flaw of its numbering): both printings are compared as one rule", d.Lang, c.s.Date(at.release), at.number)
			if ok && c.s.PrintedTwice(h, at.release) && !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// compareKind is the changes of the histories of kind of from release i
// to release j: forward, each of i to where it is in j or where it went;
// backward, each of j no history of i reached, split off one or new.
func (c comparer) compareKind(of Kind, i, j int) ([]Change, error) {
	out, reached, err := c.forwardChanges(of, i, j)
	if err != nil {
		return nil, err
	}
	if out, err = c.backwardChanges(out, of, i, j, reached); err != nil {
		return nil, err
	}
	order := rulenum.Compare
	if of == Glossary {
		order = CompareTerms
	}
	slices.SortFunc(out, func(x, y Change) int {
		if c := order(x.Number, y.Number); c != 0 {
			return c
		}
		if c := order(x.OldNumber, y.OldNumber); c != 0 {
			return c
		}
		return strings.Compare(string(x.Status), string(y.Status))
	})
	return out, nil
}

// forwardChanges follows each history of kind of in release i to
// release j: how it changed, or that it was merged or removed; and the
// histories of j it reached.
func (c comparer) forwardChanges(of Kind, i, j int) ([]Change, map[int]bool, error) {
	var out []Change
	reached := map[int]bool{}
	for h := range c.s.Len(of) {
		ot, ok, err := c.s.Text(of, h, i)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			continue
		}
		n, k, mergedInto := h, i+1, -1
		for ; k <= j; k++ {
			next, ok := c.s.Next(of, k, n)
			if !ok {
				if to := c.s.Paired(k, PairMerge, of, n, true); to >= 0 {
					mergedInto = c.forward(of, to, k, j)
				}
				break
			}
			n = next
		}
		old := c.s.Key(of, h)
		switch {
		case k > j:
			reached[n] = true
			nt, _, err := c.s.Text(of, n, j)
			if err != nil {
				return nil, nil, err
			}
			if c, changed := classify(c.s.Key(of, n), old, ot, nt); changed {
				out = append(out, c)
			}
		case mergedInto >= 0:
			out = append(out, Change{Number: c.s.Key(of, mergedInto), OldNumber: old, Status: Merged, Diff: []worddiff.Span{{Op: worddiff.Delete, Text: ot}}})
		default:
			out = append(out, Change{Number: old, Status: Removed, Diff: []worddiff.Span{{Op: worddiff.Delete, Text: ot}}})
		}
	}
	return out, reached, nil
}

// backwardChanges adds to out each history of kind of in release j that
// no history of release i reached: split off one, or new.
func (c comparer) backwardChanges(out []Change, of Kind, i, j int, reached map[int]bool) ([]Change, error) {
	for h := range c.s.Len(of) {
		if reached[h] {
			continue
		}
		nt, ok, err := c.s.Text(of, h, j)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		n, k, splitFrom := h, j, -1
		for ; k > i; k-- {
			prev, ok := c.s.Previous(of, k, n)
			if !ok {
				if from := c.s.Paired(k, PairSplit, of, n, false); from >= 0 {
					splitFrom = c.backward(of, from, k-1, i)
				}
				break
			}
			n = prev
		}
		ch := Change{Number: c.s.Key(of, h), Status: Added, Diff: []worddiff.Span{{Op: worddiff.Insert, Text: nt}}}
		if splitFrom >= 0 {
			ch.OldNumber, ch.Status = c.s.Key(of, splitFrom), Split
		}
		out = append(out, ch)
	}
	return out, nil
}

// forward is the history that history h of release k is in release j,
// or -1.
func (c comparer) forward(of Kind, h, k, j int) int {
	for k++; k <= j; k++ {
		next, ok := c.s.Next(of, k, h)
		if !ok {
			return -1
		}
		h = next
	}
	return h
}

// backward is the history that history h of release k was in release i,
// or -1.
func (c comparer) backward(of Kind, h, k, i int) int {
	for ; k > i; k-- {
		prev, ok := c.s.Previous(of, k, h)
		if !ok {
			return -1
		}
		h = prev
	}
	return h
}

// Event is what a release did to a traced rule.
type Event string

const (
	First Event = "first" // the oldest recorded release holds it
	// Added, Split, Changed, Renumbered, Typography, Reference, Merged
	// and Removed are as the statuses of a Change.
)

// Step is one release in a rule's trace where it came, its number or
// text changed, or it went.
type Step struct {
	Release string `json:"release"`
	Number  string `json:"number"`
	// Event: "first", "added", "split" (from From), "changed",
	// "renumbered" (from From), "typography", "reference", "merged"
	// (into Into), "removed".
	Event string          `json:"event"`
	From  string          `json:"from,omitempty"`
	Into  string          `json:"into,omitempty"`
	Text  string          `json:"text,omitempty"` // the whole text from then on
	Diff  []worddiff.Span `json:"diff,omitempty"` // from the text before
}

// Trace is the history of rule number as release at prints it: each
// release where it came, changed number or text, or went, followed
// through every renumbering, oldest first.
func (f *File) Trace(number string, at int) ([]Step, error) { return Trace(f, number, at) }

// Trace is the history of rule number as release at of a record prints
// it (File.Trace).
func Trace(s Source, number string, at int) ([]Step, error) {
	c := comparer{s}
	h, ok := c.s.Find(Rules, number)
	if ok {
		_, ok, _ = c.s.Text(Rules, h, at)
	}
	if !ok {
		return nil, fmt.Errorf("rule %s is not in the rules of %s@%s", number, c.s.Lang(), c.s.Date(at))
	}
	first, n := at, h
	origin := Step{Event: string(First)}
	for first > 0 {
		prev, ok := c.s.Previous(Rules, first, n)
		if !ok {
			origin.Event = string(Added)
			if from := c.s.Paired(first, PairSplit, Rules, n, false); from >= 0 {
				origin.Event, origin.From = string(Split), c.s.Key(Rules, from)
			}
			break
		}
		n, first = prev, first-1
	}
	t, _, err := c.s.Text(Rules, n, first)
	if err != nil {
		return nil, err
	}
	origin.Release, origin.Number, origin.Text = c.s.Date(first), c.s.Key(Rules, n), t
	steps := []Step{origin}
	for k := first + 1; k < c.s.Releases(); k++ {
		next, ok := c.s.Next(Rules, k, n)
		if !ok {
			s := Step{Release: c.s.Date(k), Number: c.s.Key(Rules, n), Event: string(Removed)}
			if to := c.s.Paired(k, PairMerge, Rules, n, true); to >= 0 {
				s.Event, s.Into = string(Merged), c.s.Key(Rules, to)
			}
			steps = append(steps, s)
			break
		}
		ot, _, err := c.s.Text(Rules, n, k-1)
		if err != nil {
			return nil, err
		}
		nt, _, err := c.s.Text(Rules, next, k)
		if err != nil {
			return nil, err
		}
		if ch, changed := classify(c.s.Key(Rules, next), c.s.Key(Rules, n), ot, nt); changed {
			steps = append(steps, Step{Release: c.s.Date(k), Number: ch.Number, Event: string(ch.Status), From: ch.OldNumber, Text: nt, Diff: ch.Diff})
		}
		n = next
	}
	return steps, nil
}
