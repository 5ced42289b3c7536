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
func (f *File) Compare(i, j int) (*DocDiff, error) {
	if i < 0 || j >= f.Releases() || i > j {
		return nil, fmt.Errorf("bookfile: no comparison of release %d with release %d of %d", i, j, f.Releases())
	}
	d := &DocDiff{Lang: f.Lang(), From: f.Date(i), To: f.Date(j), Rules: []Change{}, Glossary: []Change{}, Contents: []Change{}}
	for k := i; k <= j; k++ {
		if f.partial(k) {
			d.Partial = append(d.Partial, f.Date(k))
		}
	}
	if i == j {
		return d, nil
	}
	var err error
	if d.Rules, err = f.compareKind(Rules, i, j); err != nil {
		return nil, err
	}
	d.Quirks = f.printedTwice(d, i, j)
	if d.Glossary, err = f.compareKind(Glossary, i, j); err != nil {
		return nil, err
	}
	if d.Contents, err = f.compareKind(Contents, i, j); err != nil {
		return nil, err
	}
	return d, nil
}

// printedTwice says which rules d lists release i or j printed twice.
func (f *File) printedTwice(d *DocDiff, i, j int) []string {
	var out []string
	for _, c := range d.Rules {
		for _, at := range [...]struct {
			release int
			number  string
		}{{i, cmp.Or(c.OldNumber, c.Number)}, {j, c.Number}} {
			v, ok := f.Rule(at.number, at.release)
			q := fmt.Sprintf("%s@%s prints rule %s twice (a flaw of its numbering): both printings are compared as one rule", d.Lang, f.Date(at.release), at.number)
			if ok && v.Also() > 0 && !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// compareKind is the changes of the histories of kind of from release i
// to release j: forward, each of i to where it is in j or where it went;
// backward, each of j no history of i reached, split off one or new.
func (f *File) compareKind(of Kind, i, j int) ([]Change, error) {
	out, reached, err := f.forwardChanges(of, i, j)
	if err != nil {
		return nil, err
	}
	if out, err = f.backwardChanges(out, of, i, j, reached); err != nil {
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
func (f *File) forwardChanges(of Kind, i, j int) ([]Change, map[int]bool, error) {
	var out []Change
	reached := map[int]bool{}
	for h := range f.Len(of) {
		ot, ok, err := f.text(of, h, i)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			continue
		}
		n, k, mergedInto := h, i+1, -1
		for ; k <= j; k++ {
			next, ok := f.Next(of, k, n)
			if !ok {
				if to := f.pairWith(k, PairMerge, of, n, true); to >= 0 {
					mergedInto = f.forward(of, to, k, j)
				}
				break
			}
			n = next
		}
		old := f.Key(of, h)
		switch {
		case k > j:
			reached[n] = true
			nt, _, err := f.text(of, n, j)
			if err != nil {
				return nil, nil, err
			}
			if c, changed := classify(f.Key(of, n), old, ot, nt); changed {
				out = append(out, c)
			}
		case mergedInto >= 0:
			out = append(out, Change{Number: f.Key(of, mergedInto), OldNumber: old, Status: Merged, Diff: []worddiff.Span{{Op: worddiff.Delete, Text: ot}}})
		default:
			out = append(out, Change{Number: old, Status: Removed, Diff: []worddiff.Span{{Op: worddiff.Delete, Text: ot}}})
		}
	}
	return out, reached, nil
}

// backwardChanges adds to out each history of kind of in release j that
// no history of release i reached: split off one, or new.
func (f *File) backwardChanges(out []Change, of Kind, i, j int, reached map[int]bool) ([]Change, error) {
	for h := range f.Len(of) {
		if reached[h] {
			continue
		}
		nt, ok, err := f.text(of, h, j)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		n, k, splitFrom := h, j, -1
		for ; k > i; k-- {
			prev, ok := f.Previous(of, k, n)
			if !ok {
				if from := f.pairWith(k, PairSplit, of, n, false); from >= 0 {
					splitFrom = f.backward(of, from, k-1, i)
				}
				break
			}
			n = prev
		}
		c := Change{Number: f.Key(of, h), Status: Added, Diff: []worddiff.Span{{Op: worddiff.Insert, Text: nt}}}
		if splitFrom >= 0 {
			c.OldNumber, c.Status = f.Key(of, splitFrom), Split
		}
		out = append(out, c)
	}
	return out, nil
}

// forward is the history that history h of release k is in release j,
// or -1.
func (f *File) forward(of Kind, h, k, j int) int {
	for k++; k <= j; k++ {
		next, ok := f.Next(of, k, h)
		if !ok {
			return -1
		}
		h = next
	}
	return h
}

// backward is the history that history h of release k was in release i,
// or -1.
func (f *File) backward(of Kind, h, k, i int) int {
	for ; k > i; k-- {
		prev, ok := f.Previous(of, k, h)
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
func (f *File) Trace(number string, at int) ([]Step, error) {
	h, ok := f.Find(Rules, number)
	if ok {
		_, ok = f.At(Rules, h, at)
	}
	if !ok {
		return nil, fmt.Errorf("rule %s is not in the rules of %s@%s", number, f.Lang(), f.Date(at))
	}
	first, n := at, h
	origin := Step{Event: string(First)}
	for first > 0 {
		prev, ok := f.Previous(Rules, first, n)
		if !ok {
			origin.Event = string(Added)
			if from := f.pairWith(first, PairSplit, Rules, n, false); from >= 0 {
				origin.Event, origin.From = string(Split), f.Key(Rules, from)
			}
			break
		}
		n, first = prev, first-1
	}
	t, _, err := f.text(Rules, n, first)
	if err != nil {
		return nil, err
	}
	origin.Release, origin.Number, origin.Text = f.Date(first), f.Key(Rules, n), t
	steps := []Step{origin}
	for k := first + 1; k < f.Releases(); k++ {
		next, ok := f.Next(Rules, k, n)
		if !ok {
			s := Step{Release: f.Date(k), Number: f.Key(Rules, n), Event: string(Removed)}
			if to := f.pairWith(k, PairMerge, Rules, n, true); to >= 0 {
				s.Event, s.Into = string(Merged), f.Key(Rules, to)
			}
			steps = append(steps, s)
			break
		}
		ot, _, err := f.text(Rules, n, k-1)
		if err != nil {
			return nil, err
		}
		nt, _, err := f.text(Rules, next, k)
		if err != nil {
			return nil, err
		}
		if c, changed := classify(f.Key(Rules, next), f.Key(Rules, n), ot, nt); changed {
			steps = append(steps, Step{Release: f.Date(k), Number: c.Number, Event: string(c.Status), From: c.OldNumber, Text: nt, Diff: c.Diff})
		}
		n = next
	}
	return steps, nil
}
