package scrape

import (
	"fmt"
	"slices"

	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// MergeRelease combines snapshots of one language and one release (say a
// rule page of 205.3 and one of 107.4) into one. Two sources giving the same
// fact must agree; a whole release wins over a rule page for rule text.
func MergeRelease(snaps []*snapshot.Snapshot) (*snapshot.Snapshot, error) {
	if len(snaps) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	lang, eff := snaps[0].Lang, snaps[0].Effective
	// Whole releases first, so their text is the one kept.
	ordered := slices.Clone(snaps)
	slices.SortStableFunc(ordered, func(a, b *snapshot.Snapshot) int {
		if a.Partial != b.Partial {
			if !a.Partial {
				return -1
			}
			return 1
		}
		return 0
	})
	out := snapshot.Empty(lang, eff)
	for _, s := range ordered {
		if s.Lang != lang || s.Effective != eff {
			return nil, fmt.Errorf("cannot merge %s@%s with %s@%s", s.Lang, s.Effective, lang, eff)
		}
		out.Sources = append(out.Sources, s.Sources...)
		for _, g := range snapshot.Groups() {
			if !g.Present(s) {
				continue
			}
			if g.Present(out) {
				if err := sameGroup(out, s, g); err != nil {
					return nil, err
				}
				continue
			}
			g.Copy(out, s)
		}
	}
	finish(out)
	// What the merged lists say together: which card types each subtype
	// list goes with, the rule on choosing one.
	if err := extract.Categories(out); err != nil {
		return nil, fmt.Errorf("%s@%s: %w", lang, eff, err)
	}
	return out, nil
}

// sameGroup checks that two sources of one release agree on a fact group.
func sameGroup(a, b *snapshot.Snapshot, g snapshot.Group) error {
	ja, _ := snapshot.Marshal(groupOnly(a, g))
	jb, _ := snapshot.Marshal(groupOnly(b, g))
	if string(ja) != string(jb) {
		return fmt.Errorf("%s@%s: sources %s and %s disagree on rule %s",
			a.Lang, a.Effective, a.Provenance[g.Facts[0]].Source, b.Provenance[g.Facts[0]].Source, g.RuleIn(a))
	}
	return nil
}

func groupOnly(s *snapshot.Snapshot, g snapshot.Group) *snapshot.Snapshot {
	c := snapshot.Empty(s.Lang, s.Effective)
	g.Copy(c, s)
	c.Rules = nil // text may differ in typography between sources; facts may not
	for i := range c.ManaSymbols {
		c.ManaSymbols[i].Meaning = nil // a rule page of 107.4 lacks 202.3; the whole release's is kept
	}
	c.Provenance = nil
	c.PairingEN = nil
	c.SubtypeCardTypes, c.SubtypeChoiceRule = nil, "" // read from the merged release, after
	return c
}

// finish sorts sources and decides whether the snapshot is partial: it is
// when a fact other than the basic land types is missing from a snapshot
// not read from a whole release.
func finish(s *snapshot.Snapshot) {
	snapshot.Tidy(s)
	s.Covers = nil
	s.Partial = false
	for _, f := range snapshot.Registry {
		// The basic land types (a group's follower) were named only from
		// 2022-09; a fact the language's sources never give (the keyword
		// lists in Spanish) leaves nothing missing. A release older than
		// a fact's first (the keyword counters of 2020) lacks it too, and
		// a whole release lacking a list says the rules have none.
		if !s.Has(f.Name) && f.Group == "" && extract.Reads(extract.Lang(s.Lang), f.Name) && s.Effective >= f.Since && !s.Whole() {
			s.Partial = true
		}
	}
	if s.Partial {
		for _, g := range snapshot.Groups() {
			if g.Present(s) {
				s.Covers = append(s.Covers, g.RuleIn(s))
			}
		}
		slices.SortFunc(s.Covers, func(a, b string) int {
			if snapshot.RuleLess(a, b) {
				return -1
			}
			return 1
		})
	}
}
