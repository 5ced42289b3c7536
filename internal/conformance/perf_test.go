package conformance

import (
	"regexp"
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

// --- baselines, written the obvious way (lookups: generated/subtype/bench_test.go) ---

var regexpCostRE = regexp.MustCompile(`^(?:\{(\d+|[WUBRGCXS]|[WUBRG]/[WUBRG]|[2C]/[WUBRG]|[WUBRG]/P|[WUBRG]/[WUBRG]/P)\})*$`)
var regexpSymRE = regexp.MustCompile(`\{([^}]+)\}`)

// regexpCost is a mana-cost parser written with regular expressions.
func regexpCost(s string) ([]string, int, bool) {
	if !regexpCostRE.MatchString(s) {
		return nil, 0, false
	}
	var syms []string
	mv := 0
	for _, m := range regexpSymRE.FindAllStringSubmatch(s, -1) {
		syms = append(syms, m[1])
		if n, err := strconv.Atoi(m[1]); err == nil {
			mv += n
		} else if m[1] != "X" {
			mv++
		}
	}
	return syms, mv, true
}

var costInputs = []string{"{2}{W/U}{G/P}", "{X}{X}{R}{R}", "{3}{B}{R}{G}", "{W}", "{1}{U}{U}", "{G/W}{G/W}", "{2/W}{2/U}", "{W/U/P}{S}", "{HW}", "{4}{G}{G}"}

func BenchmarkManaCostParse(b *testing.B) {
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, in := range costInputs {
				if c, err := mana.ParseCost(in); err == nil {
					_ = c.ManaValue()
				}
			}
		}
		b.ReportMetric(float64(b.N*len(costInputs))/b.Elapsed().Seconds(), "costs/s")
	})
	b.Run("baseline-regexp", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, in := range costInputs {
				regexpCost(in)
			}
		}
		b.ReportMetric(float64(b.N*len(costInputs))/b.Elapsed().Seconds(), "costs/s")
	})
}
