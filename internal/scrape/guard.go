package scrape

import (
	"fmt"
	"strings"

	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// DefaultShrink is the largest fraction a list may lose in one update
// without -allow-shrink. The biggest real removal in ten years of releases
// was 3 of 299 creature types (2024-07-30), about 1%.
const DefaultShrink = 0.10

// smallLoss is how many names any list may lose in one update, whatever
// the fraction, as long as that is at most a quarter of it: three names
// have left one list at once before, and on a list of 23 artifact types
// three is 13%, which is not a broken page.
const smallLoss = 3

// GuardError explains why a new snapshot was not written.
type GuardError struct {
	Lang string
	// Release names the release of the history that was guarded against
	// its predecessor ("en@2026-02-27"); empty for the current state.
	Release  string
	Findings []string
}

func (e *GuardError) Error() string {
	what := "the " + e.Lang + " snapshot"
	if e.Release != "" {
		what = "the release " + e.Release + " (compared with the releases before it)"
	}
	return fmt.Sprintf("refusing to write %s: the update looks like a broken source, not a rules change:\n  %s\nCheck the source; if the rules really dropped these names, run again with -allow-shrink.", what, strings.Join(e.Findings, "\n  "))
}

// Guard compares the new current snapshot of a language with the old one and
// refuses a suspicious update: a fact or category that disappears or empties,
// or a list that shrinks by more than maxShrink (a fraction), or a Spanish
// pairing that stops covering its subtypes.
func Guard(old, cur *snapshot.Snapshot, maxShrink float64) error {
	if old == nil {
		return nil
	}
	var f []string
	check := func(what string, before, after int) {
		switch {
		case before > 0 && after == 0:
			f = append(f, fmt.Sprintf("%s: %d entries before, none now", what, before))
		case before > 0 && float64(before-after) > maxShrink*float64(before) && !(before-after <= smallLoss && 4*(before-after) <= before):
			f = append(f, fmt.Sprintf("%s: shrinks from %d to %d entries (more than %g%%)", what, before, after, maxShrink*100))
		}
	}
	// Rules as the new snapshot's release numbers them.
	rule := func(fact string) string { return " (" + cur.RuleOf(fact) + ")" }
	for _, f := range snapshot.NamedLists() {
		what := f.Label
		if f.Group == "" {
			what += rule(f.Name)
		}
		check(what, len(f.Get(old)), len(f.Get(cur)))
	}
	// A subtype that moved to another category (a category renamed, a
	// name recategorised) is not lost.
	listed := map[string]bool{}
	for _, names := range cur.Subtypes {
		for _, n := range names {
			listed[n] = true
		}
	}
	for _, c := range snapshot.CategoryOrder(old, cur) {
		if pairedWithEnglish(cur) {
			break // its lists are the English release's, which was guarded
		}
		what := c + " types" + rule(snapshot.FactSubtypes)
		kept := 0
		for _, n := range old.Subtypes[c] {
			if listed[n] {
				kept++
			}
		}
		if kept == 0 && len(old.Subtypes[c]) > 0 {
			what += fmt.Sprintf(", listed in rule %s before: no subrule lists them now, or its list sentence was not read (expected a sentence like %q)", old.SubtypeRules[c], extract.ListSentence(extract.Lang(cur.Lang), c))
		}
		check(what, len(old.Subtypes[c]), max(kept, len(cur.Subtypes[c])))
	}
	if len(old.PairingEN) > 0 {
		for _, c := range cur.Categories() {
			if len(cur.Subtypes[c]) > 0 && len(cur.PairingEN[c]) != len(cur.Subtypes[c]) {
				f = append(f, fmt.Sprintf("pairing of %s types: %d of %d Spanish names paired with English", c, len(cur.PairingEN[c]), len(cur.Subtypes[c])))
			}
		}
	}
	if len(f) > 0 {
		return &GuardError{Lang: cur.Lang, Findings: f}
	}
	return nil
}

// pairedWithEnglish reports whether a snapshot of another language pairs
// every name of every category with the English release of its date:
// its lists then say what the English ones say, name for name.
func pairedWithEnglish(s *snapshot.Snapshot) bool {
	if s.Lang == "en" || len(s.Subtypes) == 0 {
		return false
	}
	for c, names := range s.Subtypes {
		if len(s.PairingEN[c]) != len(names) {
			return false
		}
	}
	return true
}
