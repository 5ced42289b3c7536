package snapshot

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// A Group is the facts read from one rule, with the rules they carry.
// Merging moves whole groups, so a fact never travels without its text.
// The rule a group is read from is the one its provenance records, as its
// release numbers it (204.3 until 2011-07-15, 205.3 since).
type Group struct {
	rule  string   // today's number: 205.3 is the rule and its subrules; 205.2a that rule only
	Facts []string // facts read from it, the group's own first
}

// Groups are the registry's facts with those that move with them (the
// basic land types with the subtypes of 205.3), built on first use:
// importing the package costs nothing.
func Groups() []Group {
	groups.once.Do(func() {
		for _, f := range Registry {
			if f.Group != "" {
				continue
			}
			g := Group{rule: f.Rule, Facts: []string{f.Name}}
			for _, m := range Registry {
				if m.Group == f.Name {
					g.Facts = append(g.Facts, m.Name)
				}
			}
			groups.all = append(groups.all, g)
		}
	})
	return groups.all
}

var groups struct {
	once sync.Once
	all  []Group
}

// RuleIn is the rule s reads the group from.
func (g Group) RuleIn(s *Snapshot) string {
	if p, ok := s.Provenance[g.Facts[0]]; ok && p.Rule != "" {
		return p.Rule
	}
	return g.rule
}

// Present reports whether s holds the group's facts.
func (g Group) Present(s *Snapshot) bool { return s.Has(g.Facts[0]) }

// owns reports whether rule n of s belongs to the group: the group's
// rule, and for a rule without a letter (205.3, 107.4) its subrules, or
// for a section read by its titles (702) the titles.
func (g Group) owns(s *Snapshot, n string) bool { return s.FactOfRule(n) == g.Facts[0] }

// Copy moves the group from src into dst, replacing what dst had: its
// facts, their rules, provenance, pairing and printed forms, and what
// the facts of 205.3 say together (the card types of each category, the
// rule on choosing a subtype).
func (g Group) Copy(dst, src *Snapshot) {
	if g.Present(dst) {
		for n := range dst.Rules {
			if g.owns(dst, n) {
				delete(dst.Rules, n)
			}
		}
	}
	for n, t := range src.Rules {
		if g.owns(src, n) {
			dst.Rules[n] = t
		}
	}
	for _, f := range g.Facts {
		delete(dst.Provenance, f)
		if p, ok := src.Provenance[f]; ok {
			dst.Provenance[f] = p
		}
	}
	for _, name := range g.Facts {
		f := FactNamed(name)
		if f.Read == SubtypeLists || f.Read == ManaClauses {
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
	switch g.Facts[0] {
	case FactKeywordAbilities:
		dst.KeywordForms = maps.Clone(src.KeywordForms)
	case FactKeywordActions:
		dst.KeywordActionForms = maps.Clone(src.KeywordActionForms)
		dst.KeywordDesignations = maps.Clone(src.KeywordDesignations) // of actions and abilities: both are read from one release
		dst.KeywordActionThrough = maps.Clone(src.KeywordActionThrough)
	case FactTokens:
		dst.Tokens = slices.Clone(src.Tokens)
	case FactMana:
		dst.ManaSymbols = slices.Clone(src.ManaSymbols)
	case FactSubtypes:
		dst.Subtypes = maps.Clone(src.Subtypes)
		dst.SubtypeRules = maps.Clone(src.SubtypeRules)
		dst.SubtypeChoiceRule = src.SubtypeChoiceRule
		dst.SubtypeCardTypes = maps.Clone(src.SubtypeCardTypes)
		for k := range dst.PairingEN {
			if IsCategory(k) {
				delete(dst.PairingEN, k)
			}
		}
		for k, v := range src.PairingEN {
			if IsCategory(k) {
				if dst.PairingEN == nil {
					dst.PairingEN = Pairing{}
				}
				dst.PairingEN[k] = slices.Clone(v)
			}
		}
	}
}

// copyPairing moves the pairing and printed forms of one list.
func copyPairing(dst, src *Snapshot, key string, names []string) {
	delete(dst.PairingEN, key)
	if p, ok := src.PairingEN[key]; ok {
		if dst.PairingEN == nil {
			dst.PairingEN = Pairing{}
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

// Empty is a snapshot of a language and date with no facts yet, ready to
// have groups copied into it.
func Empty(lang, effective string) *Snapshot {
	return &Snapshot{Lang: lang, Effective: effective, Rules: Rules{}, Provenance: map[string]Provenance{}}
}

// Tidy sorts s's sources, each once, and leaves empty maps out, as a
// snapshot merged from others is written.
func Tidy(s *Snapshot) {
	slices.SortFunc(s.Sources, func(a, b Source) int { return strings.Compare(a.ID, b.ID) })
	s.Sources = slices.CompactFunc(s.Sources, func(a, b Source) bool { return a == b })
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
// rules dropped it) is not in the current state. It reads nothing again:
// what the facts of a release say together (the card types of each
// subtype category) come with them. History must be of one language.
func Current(history []*Snapshot) (*Snapshot, error) {
	if len(history) == 0 {
		return nil, fmt.Errorf("no snapshots")
	}
	sorted := slices.Clone(history)
	slices.SortFunc(sorted, func(a, b *Snapshot) int { return strings.Compare(a.Effective, b.Effective) })
	lang := sorted[0].Lang
	out := Empty(lang, "")
	used := map[string]Source{}
	for _, g := range Groups() {
		for i := len(sorted) - 1; i >= 0; i-- {
			s := sorted[i]
			if s.Lang != lang {
				return nil, fmt.Errorf("history mixes %s and %s", lang, s.Lang)
			}
			if !s.Carries(g.Facts[0]) {
				continue
			}
			if s.Effective > out.Effective {
				out.Effective = s.Effective
			}
			if !g.Present(s) {
				break // dropped by the rules
			}
			g.Copy(out, s)
			src := s.Provenance[g.Facts[0]].Source
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
	Tidy(out)
	return out, nil
}
