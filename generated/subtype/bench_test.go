package subtype_test

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/subtype"
)

// Lookups of creature types, by subtype.FindCreature and by the baselines a good
// engineer would write instead: an exact-case map, a map that folds
// without allocating (exact map first, then the input folded into a
// stack buffer), and a generated switch (baseline_switch_test.go, which
// cmd/gen rewrites with every rules update) behind the same folding.

// foldInto lowers ASCII and Latin-1 capitals of s into buf, as the index
// compares names; ok is false when s does not fit.
func foldInto(buf *[64]byte, s string) ([]byte, bool) {
	if len(s) > len(buf) {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 0x20
		case i > 0 && s[i-1] == 0xC3 && 0x80 <= c && c <= 0x9E && c != 0x97:
			c += 0x20
		}
		buf[i] = c
	}
	return buf[:len(s)], true
}

func switchCreature(s string) (subtype.Creature, bool) {
	if c, ok := switchCreatureExact(s); ok {
		return c, true
	}
	var buf [64]byte
	b, ok := foldInto(&buf, s)
	if !ok {
		return 0, false
	}
	return switchCreatureFolded(b)
}

type creatureMaps struct{ exact, folded map[string]subtype.Creature }

func newCreatureMaps() creatureMaps {
	m := creatureMaps{map[string]subtype.Creature{}, map[string]subtype.Creature{}}
	var buf [64]byte
	// Spanish names first: an English name spelled like another's Spanish
	// is the English name's, as the index has it.
	for _, english := range []bool{false, true} {
		for _, c := range subtype.CreatureValues() {
			n := c.Spanish()
			if english {
				n = c.String()
			}
			if n == "" {
				continue // no Spanish name yet
			}
			for _, v := range []string{n, strings.ReplaceAll(n, "’", "'")} {
				m.exact[v] = c
				if b, ok := foldInto(&buf, v); ok {
					m.folded[string(b)] = c
				}
			}
		}
	}
	return m
}

// foldingMap is the non-allocating folding map: m[string(b)] with b a
// stack buffer does not allocate.
func (m creatureMaps) foldingMap(s string) (subtype.Creature, bool) {
	if c, ok := m.exact[s]; ok {
		return c, true
	}
	var buf [64]byte
	b, ok := foldInto(&buf, s)
	if !ok {
		return 0, false
	}
	c, ok := m.folded[string(b)]
	return c, ok
}

func (m creatureMaps) exactMap(s string) (subtype.Creature, bool) {
	c, ok := m.exact[s]
	return c, ok
}

// find is the project's lookup: FindCreature, checked against the
// generic subtype.Find in TestLookupBaselinesAgree.
func find(s string) (subtype.Creature, bool) { return subtype.FindCreature(s) }

// lookupMix is one kind of input: what users look up.
type lookupMix struct {
	name  string
	in    []string
	exact bool // an exact-case map answers it right
}

func lookupMixes() []lookupMix {
	var printed, spanish, folded, misses []string
	for _, c := range subtype.CreatureValues() {
		printed = append(printed, c.String())
		folded = append(folded, strings.ToLower(c.String()), strings.ReplaceAll(c.String(), "’", "'"))
		if es := c.Spanish(); es != "" { // a name the Spanish page does not have yet
			spanish = append(spanish, es)
			folded = append(folded, strings.ToUpper(es))
		}
	}
	// Misses are the other words of type lines: other categories' types,
	// card types and supertypes.
	for _, v := range subtype.LandValues() {
		misses = append(misses, v.String())
	}
	for _, v := range subtype.ArtifactValues() {
		misses = append(misses, v.String())
	}
	for _, v := range subtype.PlaneswalkerValues() {
		misses = append(misses, v.String(), strings.ToLower(v.String()))
	}
	for _, v := range cardtype.CardTypeValues() {
		misses = append(misses, v.String())
	}
	// Real input arrives in no fixed order: a stream drawn from all of
	// the above, so no branch predictor learns it by heart.
	all := append(append(append(append([]string(nil), printed...), spanish...), folded...), misses...)
	var mixed []string
	x := uint32(2026)
	for range 8192 {
		x = x*1664525 + 1013904223
		mixed = append(mixed, all[int(x>>8)%len(all)])
	}
	return []lookupMix{
		{"printed", printed, true},
		{"spanish", spanish, true},
		{"folded", folded, false},
		{"misses", misses, true},
		{"mixed", mixed, false},
	}
}

func TestLookupBaselinesAgree(t *testing.T) {
	m := newCreatureMaps()
	for _, mix := range lookupMixes() {
		for _, s := range mix.in {
			want, wok := find(s)
			if st, ok := subtype.Find(subtype.CategoryCreature, s); ok != wok || ok && st != want.Subtype() {
				t.Errorf("Find(creature, %q) = %v, %v; FindCreature says %v, %v", s, st, ok, want, wok)
			}
			for name, f := range map[string]func(string) (subtype.Creature, bool){"switch": switchCreature, "folding-map": m.foldingMap} {
				if got, ok := f(s); got != want || ok != wok {
					t.Errorf("%s %q: %v %v, Find says %v %v", name, s, got, ok, want, wok)
				}
			}
			if got, ok := m.exactMap(s); mix.exact && (got != want || ok != wok) {
				t.Errorf("exact map %q: %v %v, Find says %v %v", s, got, ok, want, wok)
			}
		}
	}
}

func TestLookupsAllocateNothing(t *testing.T) {
	m := newCreatureMaps()
	for _, mix := range lookupMixes() {
		for _, s := range mix.in[:min(len(mix.in), 50)] {
			for name, f := range map[string]func(string) (subtype.Creature, bool){"Find": find, "switch": switchCreature, "folding-map": m.foldingMap} {
				if n := testing.AllocsPerRun(10, func() { f(s) }); n != 0 {
					t.Errorf("%s(%q): %v allocations", name, s, n)
				}
			}
		}
	}
}

// BenchmarkLookup measures each mix by Find and its baselines, in one run;
// ns/lookup is per input. An exact-case map only runs on the mixes it
// answers right.
func BenchmarkLookup(b *testing.B) {
	m := newCreatureMaps()
	for _, mix := range lookupMixes() {
		impls := []struct {
			name string
			f    func(string) (subtype.Creature, bool)
		}{{"project", find}, {"baseline=switch", switchCreature}, {"baseline=folding-map", m.foldingMap}}
		if mix.exact {
			impls = append(impls, struct {
				name string
				f    func(string) (subtype.Creature, bool)
			}{"baseline=exact-map", m.exactMap})
		}
		for _, impl := range impls {
			b.Run("mix="+mix.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, s := range mix.in {
						impl.f(s)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(mix.in)), "ns/lookup")
			})
		}
	}
}
