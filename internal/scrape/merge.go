package scrape

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// A fact group is the facts read from one rule, with the rules they carry.
// Merging moves whole groups, so a fact never travels without its text.
// The rule a group is read from is the one its provenance records, as its
// release numbers it (204.3 until 2011-07-15, 205.3 since).
type factGroup struct {
	rule  string   // today's number: 205.3 is the rule and its subrules; 205.2a that rule only
	facts []string // facts read from it
}

// factGroups are the registry's facts with those that move with them
// (the basic land types with the subtypes of 205.3).
var factGroups = func() []factGroup {
	var out []factGroup
	for _, f := range snapshot.Registry {
		if f.Group != "" {
			continue
		}
		g := factGroup{rule: f.Rule, facts: []string{f.Name}}
		for _, m := range snapshot.Registry {
			if m.Group == f.Name {
				g.facts = append(g.facts, m.Name)
			}
		}
		out = append(out, g)
	}
	return out
}()

// ruleIn is the rule s reads the group from.
func (g factGroup) ruleIn(s *snapshot.Snapshot) string {
	if p, ok := s.Provenance[g.facts[0]]; ok && p.Rule != "" {
		return p.Rule
	}
	return g.rule
}

// ownsRule reports whether rule n of s belongs to the group: the group's
// rule, and for a rule without a letter (205.3, 107.4) its subrules, or
// for a section read by its titles (702) the titles.
func (g factGroup) ownsRule(s *snapshot.Snapshot, n string) bool {
	return s.FactOfRule(n) == g.facts[0]
}

func (g factGroup) present(s *snapshot.Snapshot) bool {
	return s.Has(g.facts[0])
}

// copyGroup moves group g from src into dst, replacing what dst had.
func copyGroup(dst, src *snapshot.Snapshot, g factGroup) {
	if g.present(dst) {
		for n := range dst.Rules {
			if g.ownsRule(dst, n) {
				delete(dst.Rules, n)
			}
		}
	}
	for n, t := range src.Rules {
		if g.ownsRule(src, n) {
			dst.Rules[n] = t
		}
	}
	for _, f := range g.facts {
		delete(dst.Provenance, f)
		if p, ok := src.Provenance[f]; ok {
			dst.Provenance[f] = p
		}
	}
	for _, name := range g.facts {
		f := snapshot.FactNamed(name)
		if f.Read == snapshot.SubtypeLists || f.Read == snapshot.ManaClauses {
			continue
		}
		f.Set(dst, slices.Clone(f.Get(src)))
		if f.Spanish {
			copyPairing(dst, src, name, f.Get(src))
		}
		delete(dst.Relations, name)
		if r, ok := src.Relations[name]; ok {
			if dst.Relations == nil {
				dst.Relations = map[string]map[string]string{}
			}
			dst.Relations[name] = maps.Clone(r)
		}
	}
	switch g.facts[0] {
	case snapshot.FactTokens:
		dst.Tokens = slices.Clone(src.Tokens)
	case snapshot.FactMana:
		dst.ManaSymbols = slices.Clone(src.ManaSymbols)
	case snapshot.FactSubtypes:
		dst.Subtypes = maps.Clone(src.Subtypes)
		dst.SubtypeRules = maps.Clone(src.SubtypeRules)
		dst.SubtypeChoiceRule = src.SubtypeChoiceRule
		for k := range dst.PairingEN {
			if snapshot.IsCategory(k) {
				delete(dst.PairingEN, k)
			}
		}
		for k, v := range src.PairingEN {
			if snapshot.IsCategory(k) {
				if dst.PairingEN == nil {
					dst.PairingEN = snapshot.Pairing{}
				}
				dst.PairingEN[k] = slices.Clone(v)
			}
		}
	}
}

// copyPairing moves the pairing and printed forms of one list.
func copyPairing(dst, src *snapshot.Snapshot, key string, names []string) {
	delete(dst.PairingEN, key)
	if p, ok := src.PairingEN[key]; ok {
		if dst.PairingEN == nil {
			dst.PairingEN = snapshot.Pairing{}
		}
		dst.PairingEN[key] = slices.Clone(p)
	}
	for _, n := range names {
		if f, ok := src.Forms[n]; ok {
			if dst.Forms == nil {
				dst.Forms = map[string][]string{}
			}
			dst.Forms[n] = slices.Clone(f)
		}
	}
}

func empty(lang, effective string) *snapshot.Snapshot {
	return &snapshot.Snapshot{Lang: lang, Effective: effective, Rules: snapshot.Rules{}, Provenance: map[string]snapshot.Provenance{}}
}

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
	out := empty(lang, eff)
	for _, s := range ordered {
		if s.Lang != lang || s.Effective != eff {
			return nil, fmt.Errorf("cannot merge %s@%s with %s@%s", s.Lang, s.Effective, lang, eff)
		}
		out.Sources = append(out.Sources, s.Sources...)
		for _, g := range factGroups {
			if !g.present(s) {
				continue
			}
			if g.present(out) {
				if err := sameGroup(out, s, g); err != nil {
					return nil, err
				}
				continue
			}
			copyGroup(out, s, g)
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
func sameGroup(a, b *snapshot.Snapshot, g factGroup) error {
	ja, _ := snapshot.Marshal(groupOnly(a, g))
	jb, _ := snapshot.Marshal(groupOnly(b, g))
	if string(ja) != string(jb) {
		return fmt.Errorf("%s@%s: sources %s and %s disagree on rule %s",
			a.Lang, a.Effective, a.Provenance[g.facts[0]].Source, b.Provenance[g.facts[0]].Source, g.ruleIn(a))
	}
	return nil
}

func groupOnly(s *snapshot.Snapshot, g factGroup) *snapshot.Snapshot {
	c := empty(s.Lang, s.Effective)
	copyGroup(c, s, g)
	c.Rules = nil // text may differ in typography between sources; facts may not
	for i := range c.ManaSymbols {
		c.ManaSymbols[i].Meaning = nil // a rule page of 107.4 lacks 202.3; the whole release's is kept
	}
	c.Provenance = nil
	c.PairingEN = nil
	return c
}

// finish sorts sources and decides whether the snapshot is partial: it is
// when a fact other than the basic land types is missing.
func finish(s *snapshot.Snapshot) {
	slices.SortFunc(s.Sources, func(a, b snapshot.Source) int { return strings.Compare(a.ID, b.ID) })
	s.Sources = slices.CompactFunc(s.Sources, func(a, b snapshot.Source) bool { return a == b })
	s.Covers = nil
	s.Partial = false
	for _, f := range snapshot.Registry {
		// The basic land types (a group's follower) were named only from
		// 2022-09; a fact the language's sources never give (the keyword
		// lists in Spanish) leaves nothing missing.
		// A release older than a fact's first (the keyword counters of
		// 2020) lacks it too.
		// A whole release lacking a list says the rules have none.
		if !s.Has(f.Name) && f.Group == "" && extract.Reads(extract.Lang(s.Lang), f.Name) && s.Effective >= f.Since && !s.Whole() {
			s.Partial = true
		}
	}
	if s.Partial {
		for _, g := range factGroups {
			if g.present(s) {
				s.Covers = append(s.Covers, g.ruleIn(s))
			}
		}
		slices.SortFunc(s.Covers, func(a, b string) int {
			if snapshot.RuleLess(a, b) {
				return -1
			}
			return 1
		})
	}
	if len(s.Provenance) == 0 {
		s.Provenance = nil
	}
	if len(s.PairingEN) == 0 {
		s.PairingEN = nil
	}
	if len(s.Forms) == 0 {
		s.Forms = nil
	}
}

// Current builds the current state of a language from its history: each
// fact group comes from the newest release that carries it, keeping its
// provenance; a list the newest whole release carrying it lacks (the
// rules dropped it) is not in the current state. History must be of one
// language.
func Current(history []*snapshot.Snapshot) (*snapshot.Snapshot, error) {
	if len(history) == 0 {
		return nil, fmt.Errorf("no snapshots")
	}
	sorted := slices.Clone(history)
	slices.SortFunc(sorted, func(a, b *snapshot.Snapshot) int { return strings.Compare(a.Effective, b.Effective) })
	lang := sorted[0].Lang
	out := empty(lang, "")
	used := map[string]snapshot.Source{}
	for _, g := range factGroups {
		for i := len(sorted) - 1; i >= 0; i-- {
			s := sorted[i]
			if s.Lang != lang {
				return nil, fmt.Errorf("history mixes %s and %s", lang, s.Lang)
			}
			if !s.Carries(g.facts[0]) {
				continue
			}
			if s.Effective > out.Effective {
				out.Effective = s.Effective
			}
			if !g.present(s) {
				break // dropped by the rules
			}
			copyGroup(out, s, g)
			src := s.Provenance[g.facts[0]].Source
			for _, so := range s.Sources {
				if so.ID == src {
					used[so.ID+"@"+so.Effective] = so
				}
			}
			break
		}
	}
	if out.Effective == "" {
		return nil, fmt.Errorf("%s: no snapshot carries any fact", lang)
	}
	for _, so := range used {
		out.Sources = append(out.Sources, so)
	}
	finish(out)
	if err := extract.Categories(out); err != nil {
		return nil, fmt.Errorf("%s@current: %w", lang, err)
	}
	return out, nil
}
