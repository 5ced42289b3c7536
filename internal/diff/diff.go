// Package diff compares snapshots, and only compares: list entries added,
// removed, renamed, moved between categories or changed only in
// typography; Spanish translations changed; meanings changed; rule text
// changed word by word (package worddiff), with renumbered rules matched
// to their old number; the renames of a history; the Spanish lag; and an
// update between two snapshot directories. It is pure and offline: the same
// snapshots always give the same Report. Package report renders it.
package diff

import (
	"fmt"

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
	// MeaningKeywordThrough: 701: the keyword actions a keyword action's
	// rule defines it through (investigate through create, 701.16a), "none"
	// where it names none: a card that performs the one performs the other.
	MeaningKeywordThrough = "keyword action through"
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

// newWordBag counts the words of t as worddiff.Similarity compares
// them (worddiff.FoldWord).
func newWordBag(t string) wordBag {
	b := wordBag{count: map[string]int{}}
	for w := range worddiff.Words(t) {
		b.count[worddiff.FoldWord(w)]++
		b.total++
	}
	return b
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
