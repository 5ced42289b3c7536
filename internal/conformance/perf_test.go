package conformance

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
)

// lookupInputs mix exact names, other cases, straight apostrophes, Spanish
// names and misses, as user input does.
var lookupInputs = []string{
	"Goblin", "Time Lord", "goblin", "WIZARD", "c'tan", "C’tan", "Señor del Tiempo", "humano",
	"Assembly-Worker", "assembly-worker", "Donkey", "Merfolk Wizard", "Swamp", "truck", "",
	"Zubera", "zombie", "Acechador nocturno", "Shi'ar", "Elf ", strings.Repeat("x", 200),
}

func TestLookupsAllocateNothing(t *testing.T) {
	for _, in := range lookupInputs {
		if n := testing.AllocsPerRun(100, func() { subtype.Find(subtype.CategoryCreature, in) }); n != 0 {
			t.Errorf("Find(creature, %q): %v allocations", in, n)
		}
	}
	for _, in := range []string{"Creature", "criatura", "Legendaria", "Basic", "básica", "nope"} {
		n := testing.AllocsPerRun(100, func() {
			_, _ = cardtype.ParseCardType(in)
		})
		// A miss returns an *UnknownError: that one allocation is the error.
		if _, err := cardtype.ParseCardType(in); err == nil && n != 0 {
			t.Errorf("ParseCardType(%q): %v allocations", in, n)
		}
	}
	for _, in := range []string{"Goblin", "goblin", "c'tan", "Señor del Tiempo"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = subtype.ParseCreature(in) }); n != 0 {
			t.Errorf("ParseCreature(%q): %v allocations", in, n)
		}
	}
}

func TestValidInputsAllocateNothing(t *testing.T) {
	for _, c := range []string{"{2}{W/U}{G/P}", "{X}{X}{R}{R}", "", "{15}", "{2/W}{2/U}{2/B}{2/R}{2/G}"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = mana.ParseCost(c) }); n != 0 {
			t.Errorf("ParseCost(%q): %v allocations", c, n)
		}
	}
	for _, l := range []string{"Legendary Creature — Time Lord Doctor", "Land Creature — Forest Dryad", "Creature — Human Rogue // Creature — Phyrexian Rogue", "Plane — Bolas’s Meditation Realm"} {
		if n := testing.AllocsPerRun(100, func() { _ = typeline.Validate(l, typeline.English) }); n != 0 {
			t.Errorf("Validate(%q): %v allocations", l, n)
		}
	}
	// Printed mode, on forms the rules spell differently: still nothing.
	es := typeline.Options{Lang: typeline.Spanish, Printed: true}
	for _, l := range []string{"Criatura - Hechicero pueblo lunar", "Criatura — Bestia felina", "Planeswalker legendario — Cálix", "Tierra basica — Bosque", "Criatura legendaria — Guerrera humana"} {
		if err := es.Validate(l); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = es.Validate(l) }); n != 0 {
			t.Errorf("printed Validate(%q): %v allocations", l, n)
		}
	}
}

// --- mana costs: the project beside a zero-allocation scanner ---

// symbolScanner is the baseline for mana costs: find each "{...}" with
// strings.IndexByte, read numbers, look symbols up in a map built from
// rule 107.4's list (mana.Symbols), add up the mana value and colours.
type symbolScanner map[string]struct {
	mv     int
	colors mana.Colors
}

func newSymbolScanner() symbolScanner {
	m := symbolScanner{}
	for _, s := range mana.Symbols() {
		m[strings.Trim(s.String(), "{}")] = struct {
			mv     int
			colors mana.Colors
		}{s.ManaValue(), s.Colors()}
	}
	return m
}

func (m symbolScanner) parse(s string) (mv int, colors mana.Colors, ok bool) {
	for len(s) > 0 {
		if s[0] != '{' {
			return 0, 0, false
		}
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return 0, 0, false
		}
		body := s[1:end]
		s = s[end+1:]
		if isNumber(body) {
			n, err := strconv.Atoi(body)
			if err != nil {
				return 0, 0, false
			}
			mv += n
			continue
		}
		sym, found := m[body]
		if !found {
			return 0, 0, false
		}
		mv += sym.mv
		colors |= sym.colors
	}
	return mv, colors, true
}

// isNumber reports whether s is a number as 107.4 writes them: digits, no
// leading zero.
func isNumber(s string) bool {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// costMixes are the distinct costs of the card corpus the rules accept,
// and those they reject (Un-set symbols).
func costMixes(t testing.TB) map[string][]string {
	seen := map[string]bool{}
	out := map[string][]string{}
	for _, c := range cards(t) {
		if c.ManaCost == nil {
			continue
		}
		for _, f := range costFaces(*c.ManaCost) {
			if seen[f] {
				continue
			}
			seen[f] = true
			if _, err := mana.ParseCost(f); err == nil {
				out["valid"] = append(out["valid"], f)
			} else {
				out["invalid"] = append(out["invalid"], f)
			}
		}
	}
	for _, k := range []string{"valid", "invalid"} {
		sort.Strings(out[k])
	}
	return out
}

func TestSymbolScannerAgrees(t *testing.T) {
	m := newSymbolScanner()
	for mix, costs := range costMixes(t) {
		for _, c := range costs {
			cost, err := mana.ParseCost(c)
			mv, colors, ok := m.parse(c)
			if ok != (err == nil) || ok && (mv != cost.ManaValue() || colors != cost.Colors()) {
				t.Errorf("%s %q: scanner %d %v %v; ParseCost %v %v", mix, c, mv, colors, ok, cost, err)
			}
		}
	}
}

// BenchmarkManaCost measures the costs real cards print. (The Un-set
// costs the rules reject are a few dozen; rejecting one builds an error
// that names the symbol and its position, which the baseline's false does
// not, so they are checked for agreement above but not raced.)
func BenchmarkManaCost(b *testing.B) {
	m := newSymbolScanner()
	mixes := costMixes(b)
	for _, mix := range []string{"valid"} {
		costs := mixes[mix]
		b.Run("mix="+mix+"/impl=project", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, c := range costs {
					if cost, err := mana.ParseCost(c); err == nil {
						_ = cost.ManaValue()
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(costs)), "ns/cost")
		})
		b.Run("mix="+mix+"/impl=baseline=scanner", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, c := range costs {
					m.parse(c)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(costs)), "ns/cost")
		})
	}
}
