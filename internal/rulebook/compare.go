package rulebook

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

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
// empty). Rules are followed through the pairing of every release
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
	d := &DocDiff{Lang: b.Lang, From: from, To: to}
	for k := i; k <= j; k++ {
		if len(b.Releases[k].Holds) > 0 {
			d.Partial = append(d.Partial, b.Releases[k].Date)
		}
	}
	if i == j {
		return d, nil
	}
	old, cur := b.Texts(from), b.Texts(to)
	reached := b.forwardChanges(d, i, j, old, cur)
	b.backwardChanges(d, i, j, cur, reached)
	slices.SortFunc(d.Rules, compareChanges)
	d.Quirks = b.printedTwice(d)

	// The glossary and the contents, release to release: a term or a
	// heading is its word or number.
	d.Glossary = diff.CompareTexts(b.termTexts(from), b.termTexts(to))
	// A term both removed and added (a definition rewritten past
	// recognition) is two changes of one term: the status orders them,
	// or the order would be the matcher's maps'.
	slices.SortFunc(d.Glossary, func(x, y diff.RuleChange) int {
		return cmp.Or(compareTerms(x.Number, y.Number), strings.Compare(x.OldNumber, y.OldNumber), strings.Compare(x.Status, y.Status))
	})
	d.Contents = b.headingChanges(i, j)
	slices.SortFunc(d.Contents, compareChanges)
	return d, nil
}

// printedTwice says which rules d lists From or To printed twice.
func (b *Book) printedTwice(d *DocDiff) []string {
	var out []string
	for _, rc := range d.Rules {
		for _, at := range [...]struct{ date, number string }{{d.From, cmp.Or(rc.OldNumber, rc.Number)}, {d.To, rc.Number}} {
			v, ok := b.Rule(at.number, at.date)
			q := fmt.Sprintf("%s@%s prints rule %s twice (a flaw of its numbering): both printings are compared as one rule", d.Lang, at.date, at.number)
			if ok && len(v.Also) > 0 && !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// headingChanges are the changes of the contents from release i to
// release j: each heading followed through the pairing of the headings
// of every release between (a section moved is renumbered, a section
// retitled changed), and the rest removed or added.
func (b *Book) headingChanges(i, j int) []diff.RuleChange {
	oldHeads, curHeads := b.headings(b.Releases[i].Date), b.headings(b.Releases[j].Date)
	var out []diff.RuleChange
	held := make([]func(string) bool, j+1) // the headings release k prints
	for k := i + 1; k <= j; k++ {
		heads := b.headings(b.Releases[k].Date)
		held[k] = func(h string) bool { _, ok := heads[h]; return ok }
	}
	reached := map[string]bool{}
	for _, n := range sortedKeys(oldHeads) {
		num, ok := n, true
		for k := i + 1; k <= j && ok; k++ {
			num, ok = b.pairing(k).headings.next(num, held[k])
		}
		if !ok {
			out = append(out, diff.RuleChange{Number: n, Status: diff.RuleRemoved, Diff: []diff.Span{{Op: diff.Delete, Text: oldHeads[n]}}})
			continue
		}
		reached[num] = true
		if rc, changed := diff.Classify(num, n, oldHeads[n], curHeads[num]); changed {
			out = append(out, rc)
		}
	}
	for _, n := range sortedKeys(curHeads) {
		if !reached[n] {
			out = append(out, diff.RuleChange{Number: n, Status: diff.RuleAdded, Diff: []diff.Span{{Op: diff.Insert, Text: curHeads[n]}}})
		}
	}
	return out
}

// heldIn says which rule numbers release k prints.
func (b *Book) heldIn(k int) func(string) bool {
	date := b.Releases[k].Date
	return func(n string) bool { _, ok := b.Rule(n, date); return ok }
}

// forwardChanges follows each rule of release i (old) to release j (cur)
// and records in d how it changed, was merged or removed; it returns the
// rules of j reached.
func (b *Book) forwardChanges(d *DocDiff, i, j int, old, cur map[string]string) map[string]bool {
	held := b.heldIn
	// Forward: each rule of from, to its number in to, or where it
	// went.
	reached := map[string]bool{}
	for _, n := range sortedKeys(old) {
		num, k := n, i+1
		mergedInto := ""
		for ; k <= j; k++ {
			next, ok := b.Next(k, num, held(k))
			if !ok {
				if m := slices.IndexFunc(b.pairing(k).Merges, func(m Move) bool { return m.From == num }); m >= 0 {
					mergedInto = b.forward(b.pairing(k).Merges[m].To, k, j, held)
				}
				break
			}
			num = next
		}
		switch {
		case k > j:
			reached[num] = true
			if rc, changed := diff.Classify(num, n, old[n], cur[num]); changed {
				d.Rules = append(d.Rules, rc)
			}
		case mergedInto != "":
			d.Rules = append(d.Rules, diff.RuleChange{Number: mergedInto, OldNumber: n, Status: diff.RuleMerged, Diff: []diff.Span{{Op: diff.Delete, Text: old[n]}}})
		default:
			d.Rules = append(d.Rules, diff.RuleChange{Number: n, Status: diff.RuleRemoved, Diff: []diff.Span{{Op: diff.Delete, Text: old[n]}}})
		}
	}
	return reached
}

// backwardChanges records in d each rule of release j (cur) no rule of
// release i reached: split off a rule of i, or new.
func (b *Book) backwardChanges(d *DocDiff, i, j int, cur map[string]string, reached map[string]bool) {
	held := b.heldIn
	// Backward: each rule of to not reached, split off a rule of from,
	// or new.
	for _, n := range sortedKeys(cur) {
		if reached[n] {
			continue
		}
		num, k := n, j
		splitFrom := ""
		for ; k > i; k-- {
			prev, ok := b.Previous(k, num, held(k-1))
			if !ok {
				if s := slices.IndexFunc(b.pairing(k).Splits, func(m Move) bool { return m.To == num }); s >= 0 {
					splitFrom = b.backward(b.pairing(k).Splits[s].From, k-1, i, held)
				}
				break
			}
			num = prev
		}
		if splitFrom != "" {
			d.Rules = append(d.Rules, diff.RuleChange{Number: n, OldNumber: splitFrom, Status: diff.RuleSplit, Diff: []diff.Span{{Op: diff.Insert, Text: cur[n]}}})
		} else {
			d.Rules = append(d.Rules, diff.RuleChange{Number: n, Status: diff.RuleAdded, Diff: []diff.Span{{Op: diff.Insert, Text: cur[n]}}})
		}
	}
}

// forward is the number rule n of release k has in release j, or "".
func (b *Book) forward(n string, k, j int, held func(int) func(string) bool) string {
	for k++; k <= j; k++ {
		next, ok := b.Next(k, n, held(k))
		if !ok {
			return ""
		}
		n = next
	}
	return n
}

// backward is the number rule n of release k had in release i, or "".
func (b *Book) backward(n string, k, i int, held func(int) func(string) bool) string {
	for ; k > i; k-- {
		prev, ok := b.Previous(k, n, held(k-1))
		if !ok {
			return ""
		}
		n = prev
	}
	return n
}

func compareChanges(x, y diff.RuleChange) int {
	if c := CompareNumbers(x.Number, y.Number); c != 0 {
		return c
	}
	if c := CompareNumbers(x.OldNumber, y.OldNumber); c != 0 {
		return c
	}
	return strings.Compare(x.Status, y.Status)
}

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
// changed (or it came or went).
type Step struct {
	Release string `json:"release"`
	Number  string `json:"number"`
	// Event: "first" (the oldest release recorded holds it), "added",
	// "split" (from From), "changed", "renumbered" (from From), "typography",
	// "reference", "merged" (into Into), "removed".
	Event string      `json:"event"`
	From  string      `json:"from,omitempty"`
	Into  string      `json:"into,omitempty"`
	Text  string      `json:"text,omitempty"` // the whole text from then on
	Diff  []diff.Span `json:"diff,omitempty"` // from the text before
}

// Trace is the history of the rule numbered number in release: each
// release where it came, changed number or text, or went, following it
// through every renumbering, oldest first.
func (b *Book) Trace(number, release string) ([]Step, error) {
	at := b.indexOf(release)
	if at < 0 {
		return nil, fmt.Errorf("%s@%s is not a recorded release of the rule book", b.Lang, release)
	}
	textOf := func(k int, n string) (string, bool) {
		v, ok := b.Rule(n, b.Releases[k].Date)
		if !ok {
			return "", false
		}
		return fullText(v), true
	}
	held := b.heldIn
	if _, ok := textOf(at, number); !ok {
		return nil, fmt.Errorf("rule %s is not in the rules of %s@%s", number, b.Lang, release)
	}
	// Back to where it came.
	first, num := at, number
	var origin Step
	for first > 0 {
		prev, ok := b.Previous(first, num, held(first-1))
		if !ok {
			if s := slices.IndexFunc(b.pairing(first).Splits, func(m Move) bool { return m.To == num }); s >= 0 {
				origin = Step{Event: "split", From: b.pairing(first).Splits[s].From}
			} else {
				origin = Step{Event: "added"}
			}
			break
		}
		num, first = prev, first-1
	}
	if first == 0 {
		origin = Step{Event: "first"}
	}
	t, _ := textOf(first, num)
	origin.Release, origin.Number, origin.Text = b.Releases[first].Date, num, t
	steps := []Step{origin}
	// Forward to where it goes.
	for k := first + 1; k < len(b.Releases); k++ {
		next, ok := b.Next(k, num, held(k))
		if !ok {
			s := Step{Release: b.Releases[k].Date, Number: num, Event: "removed"}
			if m := slices.IndexFunc(b.pairing(k).Merges, func(m Move) bool { return m.From == num }); m >= 0 {
				s.Event, s.Into = "merged", b.pairing(k).Merges[m].To
			}
			steps = append(steps, s)
			break
		}
		ot, _ := textOf(k-1, num)
		nt, _ := textOf(k, next)
		if rc, changed := diff.Classify(next, num, ot, nt); changed {
			s := Step{Release: b.Releases[k].Date, Number: next, Event: rc.Status, Text: nt, Diff: rc.Diff}
			if rc.OldNumber != "" {
				s.From = rc.OldNumber
			}
			steps = append(steps, s)
		}
		num = next
	}
	return steps, nil
}
