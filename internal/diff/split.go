package diff

import (
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/worddiff"
)

// splitShare is the share of a rule's words another rule must hold for
// the one to be a part of the other.
const splitShare = 0.6

// minSplitWords is the fewest words a rule split off or merged in has: a
// title ("Trample") is not a part of every rule that names it.
const minSplitWords = 4

// SplitsAndMerges reads, in the changes CompareTexts found between old
// and cur, the rules split and merged: a rule added whose words are
// mostly words a rule of its section lost (it changed or went: split
// from it), a rule removed whose words are mostly words a rule of its
// section gained (it changed or came: merged into it). A rule rewritten
// more than kept (less than sameRule alike) lost, and gained, all its
// words. A new rule modelled on an old one that stays (cloak on
// manifest) is no split: the old one lost nothing; nor is one of another
// keyword's (Escape's 702.137a on Bestow's 702.102a, rewritten in the
// same release): rules split and merge under one title. Those changes
// say so (RuleSplit, RuleMerged, with the other rule's number); the rest
// are as they were.
func SplitsAndMerges(changes []RuleChange, old, cur map[string]string) []RuleChange {
	var lost, gained []part // rules that lost, and gained, words
	for _, rc := range changes {
		from := rc.Number
		if rc.OldNumber != "" {
			from = rc.OldNumber
		}
		switch rc.Status {
		case RuleChanged, RuleRenumbered:
			o, n := newWordBag(old[from]), newWordBag(cur[rc.Number])
			if worddiff.Similarity(old[from], cur[rc.Number]) < sameRule {
				// Rewritten more than kept: its words may be anywhere.
				lost = append(lost, part{from, scope(from, old), o})
				gained = append(gained, part{rc.Number, scope(rc.Number, cur), n})
				break
			}
			lost = append(lost, part{from, scope(from, old), o.minus(n)})
			gained = append(gained, part{rc.Number, scope(rc.Number, cur), n.minus(o)})
		case RuleRemoved:
			lost = append(lost, part{rc.Number, scope(rc.Number, old), newWordBag(old[rc.Number])})
		case RuleAdded:
			gained = append(gained, part{rc.Number, scope(rc.Number, cur), newWordBag(cur[rc.Number])})
		}
	}
	out := make([]RuleChange, 0, len(changes))
	for _, rc := range changes {
		switch rc.Status {
		case RuleAdded:
			if from, ok := bestPart(newWordBag(cur[rc.Number]), rc.Number, scope(rc.Number, cur), lost); ok {
				rc.Status, rc.OldNumber = RuleSplit, from
			}
		case RuleRemoved:
			if into, ok := bestPart(newWordBag(old[rc.Number]), rc.Number, scope(rc.Number, old), gained); ok {
				rc.Status, rc.OldNumber, rc.Number = RuleMerged, rc.Number, into
			}
		}
		out = append(out, rc)
	}
	// A rule split off one that went into it is that rule, moved and
	// much rewritten.
	split := map[[2]string]bool{}
	for _, rc := range out {
		if rc.Status == RuleSplit {
			split[[2]string{rc.OldNumber, rc.Number}] = true
		}
	}
	moved := make([]RuleChange, 0, len(out))
	for _, rc := range out {
		pair := [2]string{rc.OldNumber, rc.Number}
		switch {
		case rc.Status == RuleMerged && split[pair]:
			continue
		case rc.Status == RuleSplit && slices.ContainsFunc(out, func(m RuleChange) bool {
			return m.Status == RuleMerged && m.OldNumber == pair[0] && m.Number == pair[1]
		}):
			rc = ruleChange(rc.Number, rc.OldNumber, old[rc.OldNumber], cur[rc.Number], WordDiff(old[rc.OldNumber], cur[rc.Number]))
		}
		moved = append(moved, rc)
	}
	return moved
}

// part is the words one rule lost or gained, and its scope.
type part struct {
	number, scope string
	words         wordBag
}

// scope is the title a rule is under ("Trample" for 702.19b: its nearest
// parent whose text is a title), "" for none.
func scope(n string, texts map[string]string) string {
	for p := ParentNumber(n); strings.Contains(p, "."); p = ParentNumber(p) {
		if t, ok := texts[p]; ok && !strings.ContainsAny(t, ".\n") && worddiff.CountWords(t) <= maxTitleWords {
			return t
		}
	}
	return ""
}

// maxTitleWords is the most words a title has ("Choose a Background").
const maxTitleWords = 5

// bestPart is the rule among others of the section of number, and of its
// scope, whose words lost or gained hold the largest share of the words
// of piece, at least splitShare of them.
func bestPart(piece wordBag, number, scope string, others []part) (string, bool) {
	if piece.total < minSplitWords {
		return "", false
	}
	section, _, _ := strings.Cut(number, ".")
	best, bestShare := "", 0.0
	for _, o := range others {
		if o.number == number || !strings.HasPrefix(o.number, section+".") || worddiff.TypographyKey(o.scope) != worddiff.TypographyKey(scope) {
			continue
		}
		share := piece.containedIn(o.words)
		if share >= splitShare && (best == "" || share > bestShare || share == bestShare && o.number < best) {
			best, bestShare = o.number, share
		}
	}
	return best, best != ""
}

// minus is the words of a not in b, as many times as a has more.
func (a wordBag) minus(b wordBag) wordBag {
	out := wordBag{count: map[string]int{}}
	for w, n := range a.count {
		if d := n - b.count[w]; d > 0 {
			out.count[w] = d
			out.total += d
		}
	}
	return out
}

// containedIn is the share of a's words that b holds.
func (a wordBag) containedIn(b wordBag) float64 {
	if a.total == 0 {
		return 0
	}
	shared := 0
	for w, n := range a.count {
		shared += min(n, b.count[w])
	}
	return float64(shared) / float64(a.total)
}
