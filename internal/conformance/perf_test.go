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
	"github.com/mtgrules/crgen/internal/picks"
)

// lookupInputs mix exact names, other cases, straight apostrophes,
// Spanish names, two names in one, names of other categories and misses,
// as user input does: the current names picked from the data (a rules
// update may drop any), the misses built absent.
func lookupInputs() []string {
	in := []string{"", "Elf ", strings.Repeat("x", 200), picks.Absent("Donkey"), picks.Absent("truck")}
	creatures := picks.Current(subtype.CategoryCreature)
	for i, c := range creatures[:min(len(creatures), 12)] {
		in = append(in, c.String(), strings.ToLower(c.String()), strings.ToUpper(c.String()), strings.ReplaceAll(c.String(), "’", "'"))
		if c.Spanish() != "" {
			in = append(in, c.Spanish(), strings.ToLower(c.Spanish()))
		}
		if i > 0 {
			in = append(in, creatures[i-1].String()+" "+c.String())
		}
	}
	for _, c := range creatures {
		if strings.Contains(c.String(), "’") {
			in = append(in, c.String(), strings.ToLower(strings.ReplaceAll(c.String(), "’", "'")))
		}
	}
	for _, l := range picks.Current(subtype.CategoryLand)[:1] {
		in = append(in, l.String())
	}
	return in
}

// Lookups allocate nothing, hit or miss.
func TestLookupsAllocateNothing(t *testing.T) {
	inputs := lookupInputs()
	for _, in := range inputs {
		if n := testing.AllocsPerRun(100, func() { subtype.Find(subtype.CategoryCreature, in) }); n != 0 {
			t.Errorf("Find(creature, %q): %v allocations", in, n)
		}
	}
	var types []string
	for _, ct := range cardtype.CardTypeValues() {
		types = append(types, ct.String(), strings.ToLower(ct.Spanish()))
	}
	for _, st := range cardtype.SupertypeValues() {
		types = append(types, st.String(), st.Spanish())
	}
	for _, in := range append(types, picks.Absent("nope")) {
		n := testing.AllocsPerRun(100, func() {
			_, _ = cardtype.ParseCardType(in)
		})
		// A miss returns a *NameError: that one allocation is the error.
		if _, err := cardtype.ParseCardType(in); err == nil && n != 0 {
			t.Errorf("ParseCardType(%q): %v allocations", in, n)
		}
	}
	hits := 0
	for _, in := range inputs {
		if _, err := subtype.ParseCreature(in); err != nil {
			continue // a miss: the error is its one allocation
		}
		hits++
		if n := testing.AllocsPerRun(100, func() { _, _ = subtype.ParseCreature(in) }); n != 0 {
			t.Errorf("ParseCreature(%q): %v allocations", in, n)
		}
	}
	if hits == 0 {
		t.Error("no input names a current creature type")
	}
}

// validLines are type lines of the names the rules list today, in
// English, and in Spanish as cards print them (forms the rules spell
// differently, which printed mode accepts with a note).
func validLines(t *testing.T) (english, printedES []string) {
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	land := picks.CardTypeFor(t, subtype.CategoryLand, true)
	elf := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	rogue := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES, elf)
	forest := picks.Subtype(t, subtype.CategoryLand, "plain and named in Spanish", picks.PlainES)
	legendary := picks.Supertype(t, true)
	english = []string{
		legendary.String() + " " + creature.String() + " — " + elf.String() + " " + rogue.String(),
		land.String() + " " + creature.String() + " — " + forest.String() + " " + elf.String(),
		creature.String() + " — " + elf.String() + " " + rogue.String() + " // " + creature.String() + " — " + rogue.String(),
	}
	for _, c := range subtype.Categories() {
		for _, s := range picks.Current(c) {
			if strings.Contains(s.String(), " ") && picks.Only(s) && len(c.CardTypes()) > 0 && c.CardTypes()[0].IsValid() {
				english = append(english, c.CardTypes()[0].String()+" — "+s.String())
				break
			}
		}
	}
	// Printed Spanish: a hyphen for the dash; a feminine form or a name
	// without its accents, where a name allows one.
	cr := creature.Spanish()
	candidates := []string{cr + " - " + elf.Spanish() + " " + strings.ToLower(rogue.Spanish())}
	for _, s := range picks.Current(subtype.CategoryCreature) {
		es := s.Spanish()
		if es == "" || !picks.Only(s) {
			continue
		}
		if strings.HasSuffix(es, "o") {
			candidates = append(candidates, cr+" "+strings.ToLower(feminineOf(legendary))+" — "+strings.TrimSuffix(es, "o")+"a")
		}
		if plain := stripAccents(es); plain != es {
			candidates = append(candidates, cr+" — "+plain)
		}
	}
	for _, l := range candidates {
		if tl, err := (typeline.Options{Lang: typeline.Spanish, Printed: true}).Parse(l); err == nil && len(tl.Notes) > 0 {
			printedES = append(printedES, l)
		}
		if len(printedES) == 5 {
			break
		}
	}
	return english, printedES
}

// feminineOf is the feminine Spanish form of a supertype (legendaria),
// which printed mode reads as the rules' one.
func feminineOf(s cardtype.Supertype) string {
	es := s.Spanish()
	if f := strings.TrimSuffix(es, "o") + "a"; f != es {
		if got, err := cardtype.ParseSupertype(f); err == nil && got == s {
			return f
		}
	}
	return es
}

// stripAccents writes the accented vowels of s without their accent.
func stripAccents(s string) string {
	return strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "Á", "A", "É", "E", "Í", "I", "Ó", "O", "Ú", "U").Replace(s)
}

func TestValidInputsAllocateNothing(t *testing.T) {
	for _, c := range []string{"{2}{W/U}{G/P}", "{X}{X}{R}{R}", "", "{15}", "{2/W}{2/U}{2/B}{2/R}{2/G}"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = mana.ParseCost(c) }); n != 0 {
			t.Errorf("ParseCost(%q): %v allocations", c, n)
		}
	}
	english, printedES := validLines(t)
	for _, l := range english {
		if err := typeline.Validate(l, typeline.English); err != nil {
			t.Errorf("a line of current names is invalid: %v", err)
			continue
		}
		if n := testing.AllocsPerRun(100, func() { _ = typeline.Validate(l, typeline.English) }); n != 0 {
			t.Errorf("Validate(%q): %v allocations", l, n)
		}
	}
	// Printed mode, on forms the rules spell differently: still nothing.
	if len(printedES) < 2 {
		t.Errorf("printed mode reads only %q of the printed forms built from current names", printedES)
	}
	es := typeline.Options{Lang: typeline.Spanish, Printed: true}
	for _, l := range printedES {
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
