// Package diff compares snapshots, and only compares: list entries added,
// removed, renamed, moved between categories or changed only in
// typography; Spanish translations changed; meanings changed; rule text
// changed word by word (package worddiff), with renumbered rules matched
// to their old number; the renames of a history; the Spanish lag; and an
// update between two snapshot directories. It is pure and offline: the same
// snapshots always give the same Report. Package report renders it.
package diff

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/worddiff"
)

// Report is everything that changed between two snapshots.
type Report struct {
	Old, New     Ref                    `json:"-"`
	Added        map[string][]string    `json:"added"`
	Removed      map[string][]string    `json:"removed"`
	Renamed      map[string][]Rename    `json:"renamed"`
	Typography   map[string][]Rename    `json:"typography"`
	Moved        []Move                 `json:"moved"`
	Translations map[string][]Translate `json:"translations"`
	// Meanings are facts the rules now say otherwise of an entry that
	// stays: what a mana symbol is, which card types a category goes with.
	Meanings []Meaning    `json:"meanings"`
	Rules    []RuleChange `json:"rules"`
}

// Kinds of meaning.
const (
	MeaningMana      = "mana symbol"       // 107.4 and 202.3: colours, payment, mana value
	MeaningCardTypes = "card types"        // 205.3: the card types a category goes with
	MeaningChoice    = "choice of subtype" // 205.3: a subtype chosen is of one category
	// MeaningKeywordForm: 702: how a keyword ability is written ("Ward
	// [cost]").
	MeaningKeywordForm = "keyword form"
)

// Lists returns the lists the report names, in report order.
func (r *Report) Lists() []string {
	var keys []string
	for _, m := range []map[string][]string{r.Added, r.Removed} {
		for k := range m {
			keys = append(keys, k)
		}
	}
	for k := range r.Renamed {
		keys = append(keys, k)
	}
	for k := range r.Typography {
		keys = append(keys, k)
	}
	for k := range r.Translations {
		keys = append(keys, k)
	}
	return snapshot.SortLists(keys)
}

func (m Meaning) String() string { return fmt.Sprintf("%s %s: %s → %s", m.What, m.Of, m.From, m.To) }

// Ref names a snapshot.
type Ref struct {
	Lang      string `json:"lang"`
	Effective string `json:"effective"`
}

func (r Ref) String() string { return r.Lang + "@" + r.Effective }

// Rename is one entry that became another.
type Rename struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Evidence string `json:"evidence,omitempty"`
}

// Move is an entry that left one list for another (a subtype changing
// category, a mana symbol changing group).
type Move struct {
	Name string `json:"name"`
	From string `json:"from"`
	To   string `json:"to"`
}

// Translate is a Spanish name that changed for the same English entry.
type Translate struct {
	EN   string `json:"en"`
	From string `json:"from"`
	To   string `json:"to"`
}

// Rule change statuses.
const (
	RuleAdded      = "added"
	RuleRemoved    = "removed"
	RuleChanged    = "changed"
	RuleRenumbered = "renumbered"
	RuleTypography = "typography"
	// RuleReference is a rule whose text changed only in the numbers of
	// the rules it cites ("See rule 117.5." → "See rule 118.5."): another
	// rule moved, this one did not change.
	RuleReference = "reference"
	// RuleSplit is a new rule made of part of the text of OldNumber,
	// which goes on (changed) or is gone: a rule split in two.
	RuleSplit = "split"
	// RuleMerged is an old rule, OldNumber, whose text went into rule
	// Number: two rules made one.
	RuleMerged = "merged"
)

// Text classes of a renumbered rule's text (RuleChange.Text).
const (
	TextSame       = string(worddiff.Same)
	TextTypography = string(worddiff.Typography)
	TextReference  = string(worddiff.Reference)
)

// RuleChange is one rule whose text or number changed.
type RuleChange struct {
	Number    string `json:"number"`
	OldNumber string `json:"old_number,omitempty"`
	Status    string `json:"status"`
	// Text says, for a renumbered rule, how its text changed: TextSame,
	// TextTypography, TextReference, or "" for a real change.
	Text string `json:"text,omitempty"`
	Diff []Span `json:"diff"`
}

// Minor reports whether the change leaves the rule saying what it said:
// typography, cross-references, or a new number with such a text. A
// report counts and folds minor changes, as the published CR change
// notes do.
func (rc RuleChange) Minor() bool {
	switch rc.Status {
	case RuleTypography, RuleReference:
		return true
	case RuleRenumbered:
		return rc.Text != ""
	}
	return false
}

// References are the rule numbers a change of cross-references replaced,
// and those it put in their place ("117.5" → "118.5").
func (rc RuleChange) References() (from, to []string) {
	for _, sp := range rc.Diff {
		switch sp.Op {
		case Delete:
			from = append(from, worddiff.RuleNumbers(sp.Text)...)
		case Insert:
			to = append(to, worddiff.RuleNumbers(sp.Text)...)
		}
	}
	return from, to
}

// Empty reports whether nothing changed.
func (r *Report) Empty() bool {
	return len(r.Added) == 0 && len(r.Removed) == 0 && len(r.Renamed) == 0 && len(r.Typography) == 0 &&
		len(r.Moved) == 0 && len(r.Translations) == 0 && len(r.Meanings) == 0 && len(r.Rules) == 0
}

// Compare builds the report of what changed from old to new, taken as one
// release step. A fact that one snapshot lacks (a partial snapshot) is not
// compared: a rule page that covers only 205.3 does not "remove" the card
// types. Over several releases use CompareSpan, which checks renames and
// moves against the releases in between.
func Compare(old, cur *snapshot.Snapshot) *Report {
	r := &Report{
		Old: Ref{old.Lang, old.Effective}, New: Ref{cur.Lang, cur.Effective},
		Added: map[string][]string{}, Removed: map[string][]string{}, Renamed: map[string][]Rename{},
		Typography: map[string][]Rename{}, Translations: map[string][]Translate{},
	}
	r.Rules = compareRules(old, cur)
	removedAll := map[string][]string{} // name → keys it left
	addedAll := map[string][]string{}
	for _, k := range snapshot.ListsOf(old, cur) {
		if !old.Carries(k) || !cur.Carries(k) {
			continue
		}
		add, rem := setDiff(cur.List(k), old.List(k)), setDiff(old.List(k), cur.List(k))
		add, rem = r.pairTypography(k, add, rem)
		add, rem = r.pairTitles(k, add, rem, old, cur)
		add, rem = r.pairRenames(k, cur, add, rem, old.ListRule(k), cur.ListRule(k))
		for _, n := range add {
			addedAll[n] = append(addedAll[n], k)
		}
		for _, n := range rem {
			removedAll[n] = append(removedAll[n], k)
		}
		if len(add) > 0 {
			r.Added[k] = add
		}
		if len(rem) > 0 {
			r.Removed[k] = rem
		}
	}
	r.findMoves(removedAll, addedAll)
	r.regroupedSymbols(old, cur)
	r.translations(old, cur)
	r.meanings(old, cur)
	return r
}

// setDiff returns the entries of a not in b, in a's order.
func setDiff(a, b []string) []string {
	in := make(map[string]bool, len(b))
	for _, n := range b {
		in[n] = true
	}
	var out []string
	for _, n := range a {
		if !in[n] {
			out = append(out, n)
		}
	}
	return out
}

// compareRules compares the rules two snapshots quote (CompareTexts),
// those whose fact both releases carry.
func compareRules(old, cur *snapshot.Snapshot) []RuleChange {
	o, n := map[string]string{}, map[string]string{}
	for k, t := range old.Rules {
		if ruleComparable(old, cur, k) {
			o[k] = t
		}
	}
	for k, t := range cur.Rules {
		if ruleComparable(old, cur, k) {
			n[k] = t
		}
	}
	return CompareTexts(o, n)
}

// CompareTexts matches the rules of two releases (number → text): first
// the texts word for word those of one rule of the other release, then
// by number when the text is still recognisably the same rule, then by
// text among the rest (a rule that moved from 205.3p to 205.3r when two
// subrules were inserted), and diffs each pair word by word. Every rule
// of either is in the result once (unchanged rules aside): changed,
// renumbered, added or removed.
func CompareTexts(old, cur map[string]string) []RuleChange {
	m := ruleMatcher{oldLeft: maps.Clone(old), newLeft: maps.Clone(cur), seen: map[[2]string]pairDiff{}, bags: map[string]wordBag{}}
	if m.oldLeft == nil {
		m.oldLeft = map[string]string{}
	}
	if m.newLeft == nil {
		m.newLeft = map[string]string{}
	}
	m.identical()
	m.sameNumber()
	m.renumbered()
	for n, t := range m.oldLeft {
		m.out = append(m.out, RuleChange{Number: n, Status: RuleRemoved, Diff: []Span{{Op: Delete, Text: t}}})
	}
	for n, t := range m.newLeft {
		m.out = append(m.out, RuleChange{Number: n, Status: RuleAdded, Diff: []Span{{Op: Insert, Text: t}}})
	}
	slices.SortFunc(m.out, func(a, b RuleChange) int {
		if snapshot.RuleLess(a.Number, b.Number) {
			return -1
		}
		if snapshot.RuleLess(b.Number, a.Number) {
			return 1
		}
		if c := strings.Compare(a.OldNumber, b.OldNumber); c != 0 {
			return c
		}
		return strings.Compare(a.Status, b.Status)
	})
	return m.out
}

// sameRule is how similar two texts must be to be one rule.
const sameRule = 0.5

// ruleMatcher pairs the rules of two snapshots; the rules not yet paired
// are left in oldLeft and newLeft.
type ruleMatcher struct {
	oldLeft, newLeft map[string]string
	seen             map[[2]string]pairDiff // each pair is diffed once
	bags             map[string]wordBag     // rule text → its words
	out              []RuleChange
}

type pairDiff struct {
	spans []Span
	sim   float64
}

// diffed is the word diff of two texts and their similarity, read off it.
func (m *ruleMatcher) diffed(a, b string) ([]Span, float64) {
	d, ok := m.seen[[2]string{a, b}]
	if !ok {
		d.spans, d.sim = worddiff.DiffSimilarity(a, b)
		m.seen[[2]string{a, b}] = d
	}
	return d.spans, d.sim
}

func (m *ruleMatcher) bagOf(t string) wordBag {
	b, ok := m.bags[t]
	if !ok {
		b = newWordBag(t)
		m.bags[t] = b
	}
	return b
}

// pair records old rule o as new rule n.
func (m *ruleMatcher) pair(o, n, oldNum string, spans []Span) {
	ot, nt := m.oldLeft[o], m.newLeft[n]
	if ot != nt || oldNum != "" {
		m.out = append(m.out, ruleChange(n, oldNum, ot, nt, spans))
	}
	delete(m.oldLeft, o)
	delete(m.newLeft, n)
}

// identical pairs first the rules whose text is word for word the text of
// one rule of the other release, and of no other: a rule moved down a
// number (701.17a → 701.18a, "To “scry N” means ...", when Fight came
// before it) is that rule, whatever took its old number.
func (m *ruleMatcher) identical() {
	m.identicalBy(func(t string) string { return t })
	// Then the same words in other typography (straight quotes become
	// curly ones, 2015-01-23).
	m.identicalBy(worddiff.TypographyKey)
}

// identicalBy pairs the rules whose text, as key folds it, is that of
// one rule of the other release and of no other.
func (m *ruleMatcher) identicalBy(key func(string) string) {
	byText := map[string][]string{}
	for n, t := range m.oldLeft {
		byText[key(t)] = append(byText[key(t)], n)
	}
	count := map[string]int{}
	for _, t := range m.newLeft {
		count[key(t)]++
	}
	for _, n := range slices.Sorted(maps.Keys(m.newLeft)) {
		nt := m.newLeft[n]
		k := key(nt)
		if olds := byText[k]; len(olds) == 1 && count[k] == 1 {
			oldNum := ""
			if olds[0] != n {
				oldNum = olds[0]
			}
			spans := []Span{{Op: Equal, Text: nt}}
			if ot := m.oldLeft[olds[0]]; ot != nt {
				spans, _ = m.diffed(ot, nt)
			}
			m.pair(olds[0], n, oldNum, spans)
		}
	}
}

// sameNumber pairs the rules that kept their number and are still
// recognisably the same rule.
func (m *ruleMatcher) sameNumber() {
	for n, nt := range m.newLeft {
		ot, ok := m.oldLeft[n]
		if !ok {
			continue
		}
		var spans []Span
		if ot != nt {
			var sim float64
			if spans, sim = m.diffed(ot, nt); sim < sameRule {
				continue
			}
		}
		m.pair(n, n, "", spans)
	}
}

// renumbered pairs the rest by text, greedily, most similar pairs first.
func (m *ruleMatcher) renumbered() {
	type cand struct {
		o, n  string
		sim   float64
		spans []Span
	}
	var cands []cand
	for o, ot := range m.oldLeft {
		for n, nt := range m.newLeft {
			// The words two texts share in order are at most the words
			// they share in any order: pairs that cannot reach sameRule
			// that way are not diffed at all.
			if m.bagOf(ot).similarityBound(m.bagOf(nt)) < sameRule {
				continue
			}
			if spans, s := m.diffed(ot, nt); s >= sameRule {
				cands = append(cands, cand{o, n, s, spans})
			}
		}
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if c := cmp.Compare(b.sim, a.sim); c != 0 {
			return c
		}
		if c := strings.Compare(a.o, b.o); c != 0 {
			return c
		}
		return strings.Compare(a.n, b.n)
	})
	for _, c := range cands {
		_, ok1 := m.oldLeft[c.o]
		_, ok2 := m.newLeft[c.n]
		if ok1 && ok2 {
			m.pair(c.o, c.n, c.o, c.spans)
		}
	}
}

func ruleChange(n, oldNum, ot, nt string, spans []Span) RuleChange {
	rc := RuleChange{Number: n, Status: RuleChanged, Diff: spans}
	class := worddiff.Classify(ot, nt)
	switch {
	case oldNum != "":
		rc.OldNumber, rc.Status = oldNum, RuleRenumbered
		if class != worddiff.Reworded {
			rc.Text = string(class)
		}
	case class == worddiff.Typography:
		rc.Status = RuleTypography
	case class == worddiff.Reference:
		rc.Status = RuleReference
	}
	return rc
}

// ruleComparable reports whether both snapshots carry the fact group of
// rule n, so a partial snapshot does not "remove" the rules it lacks. The
// group is found by each snapshot's own numbering (204.3k of 2011 and
// 205.3m of 2012 are both subtypes). A whole release carries every
// group: the rules of a list's first release are added rules.
func ruleComparable(a, b *snapshot.Snapshot, n string) bool {
	fact := a.FactOfRule(n)
	if fact == "" {
		fact = b.FactOfRule(n)
	}
	if fact == "" {
		return true
	}
	return a.Carries(fact) && b.Carries(fact)
}

// wordBag counts the words of a text.
type wordBag struct {
	count map[string]int
	total int
}

func newWordBag(t string) wordBag {
	b := wordBag{count: map[string]int{}}
	for w := range worddiff.Words(t) {
		b.count[strings.TrimSpace(w)]++
		b.total++
	}
	return b
}

// similarityBound is an upper bound of the similarity of two texts (see
// worddiff.DiffSimilarity): twice the words they share, in any order, over all words.
func (a wordBag) similarityBound(b wordBag) float64 {
	if a.total+b.total == 0 {
		return 0
	}
	if len(a.count) > len(b.count) {
		a, b = b, a
	}
	shared := 0
	for w, n := range a.count {
		shared += min(n, b.count[w])
	}
	return float64(2*shared) / float64(a.total+b.total)
}

// Classify is the change from rule oldNum's text ot to rule n's text nt
// (oldNum "" when the number stayed): changed, renumbered, typography or
// reference, with its word diff. Equal texts under one number are no
// change: it reports false.
func Classify(n, oldNum, ot, nt string) (RuleChange, bool) {
	if oldNum == n {
		oldNum = ""
	}
	if ot == nt && oldNum == "" {
		return RuleChange{}, false
	}
	spans := []Span{{Op: Equal, Text: nt}}
	if ot != nt {
		spans = WordDiff(ot, nt)
	}
	return ruleChange(n, oldNum, ot, nt, spans), true
}
