package typeline

import (
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
)

// fullValid is the verdict of the full reading alone, without the fast
// path in front of it; fullError its error.
func fullValid(o Options, line string) bool {
	p := parser{Options: o, quiet: true}
	return p.run(line, nil) == nil || p.reread(line, nil, errQuiet) == nil
}

func fullError(o Options, line string) error {
	p := parser{Options: o}
	if err := p.run(line, nil); err != nil {
		return p.reread(line, nil, err)
	}
	return nil
}

// vocabularyLines are lines of lang built from the tables: every card
// type alone, twice, beside every supertype on either side; every subtype
// after each card type whose subtypes its category lists, alone, twice,
// beside another, in lower case and with the straight apostrophe, with
// each dash, in the other language; removed names in the same places.
func vocabularyLines(lang Lang) []string {
	name := func(e *enum.Entry) string {
		if lang == Spanish {
			return e.ES
		}
		return e.EN
	}
	other := func(e *enum.Entry) string {
		if lang == Spanish {
			return e.EN
		}
		return e.ES
	}
	var lines []string
	var cardTypes []string
	for i := range data.CardTypes.List {
		e := &data.CardTypes.List[i]
		if e.Removed == "" {
			cardTypes = append(cardTypes, name(e))
		}
		t := name(e)
		lines = append(lines, t, t+" "+t, t+" — ", t+" —", strings.ToLower(t))
		for j := range data.Supertypes.List {
			st := name(&data.Supertypes.List[j])
			lines = append(lines, st+" "+t, t+" "+st, st+" "+st+" "+t)
		}
	}
	for ci, c := range data.Categories {
		var on []string
		for _, v := range c.CardTypes {
			on = append(on, name(&data.CardTypes.List[v-1]))
		}
		next := data.Categories[(ci+1)%len(data.Categories)].Table
		for j := range c.Table.List {
			e := &c.Table.List[j]
			st, after, elsewhere := name(e), name(&c.Table.List[(j+1)%len(c.Table.List)]), name(&next.List[0])
			for _, t := range on {
				lines = append(lines,
					t+" — "+st, t+" — "+st+" "+st, t+" — "+st+" "+after, t+" — "+st+" "+elsewhere,
					strings.ToLower(t+" — "+st), strings.ReplaceAll(t+" — "+st, "’", "'"),
					t+"  —  "+st+"  ", t+" — "+st+" // "+t+" — "+after,
					t+" - "+st, t+"—"+st, t+" — "+other(e))
			}
			lines = append(lines, cardTypes[j%len(cardTypes)]+" — "+st)
		}
	}
	return lines
}

// The tests below build their lines from the names the package was
// generated from, which change with every rules update: no name is
// assumed current, and none Spanish.

// sameName compares names as lookups do: any case, either apostrophe.
func sameName(a, b string) bool {
	return strings.EqualFold(strings.ReplaceAll(a, "’", "'"), strings.ReplaceAll(b, "’", "'"))
}

// meanings counts the values of every list, current or removed, and the
// printed forms (variants and dropped names), that spell name in either
// language; long reports whether a name of several words starts with it.
// A word of one meaning, current, that starts no longer name is what the
// fast path reads for sure.
func meanings(name string) (n int, long bool) {
	tables := []*enum.Table{data.CardTypes, data.Supertypes}
	for i := range data.Categories {
		tables = append(tables, data.Categories[i].Table)
	}
	spellings := func(all []string) {
		for _, sp := range all {
			if first, rest, ok := strings.Cut(sp, " "); ok && rest != "" && sameName(first, name) {
				long = true
			}
		}
	}
	for _, tb := range tables {
		for v := 1; v <= tb.Len(); v++ {
			e := tb.Entry(v)
			spellings(e.Names())
			for _, sp := range e.Names() {
				if sameName(sp, name) {
					n++
					break
				}
			}
		}
	}
	for _, v := range data.Variants {
		spellings([]string{v.Printed})
		if sameName(v.Printed, name) {
			n++
		}
	}
	for _, d := range data.Dropped {
		spellings([]string{d.Printed})
		if sameName(d.Printed, name) {
			n++
		}
	}
	return n, long
}

// sure reports whether name is a word the fast path knows for sure.
func sure(name string) bool {
	n, long := meanings(name)
	return n == 1 && !long && !strings.Contains(name, " ")
}

// nameIn is a name in lang.
func nameIn(en, es string, lang Lang) string {
	if lang == Spanish {
		return es
	}
	return en
}

// sureLines are lines of lang spelled as the rules spell them, each word
// one current name of one meaning: supertypes and card types before the
// dash (in English the supertypes first), subtypes of their categories
// after it, names with apostrophes and hyphens, in lower case and with the
// straight apostrophe, and two faces; the lines the fast path is for.
func sureLines(lang Lang) []string {
	var supers []string
	for _, s := range cardtype.SupertypeValues() {
		if n := nameIn(s.String(), s.Spanish(), lang); n != "" && sure(n) {
			supers = append(supers, n)
		}
	}
	var lines []string
	for _, c := range subtype.Categories() {
		var subs []string
		for v := 1; subtype.Of(c, v) != (subtype.Subtype{}); v++ {
			st := subtype.Of(c, v)
			if n := nameIn(st.String(), st.Spanish(), lang); st.IsValid() && n != "" && sure(n) {
				subs = append(subs, n)
			}
		}
		for _, ct := range c.CardTypes() {
			t := nameIn(ct.String(), ct.Spanish(), lang)
			// A kindred card has another card type (308.1): not a line of
			// one card type.
			if !ct.IsValid() || ct == cardtype.Plane || needsAnother(ct) || t == "" || !sure(t) || len(subs) == 0 {
				continue
			}
			lines = append(lines, t, t+" — "+subs[0])
			if len(subs) > 1 {
				lines = append(lines, t+" — "+subs[len(subs)-1]+" "+subs[0])
			}
			if len(supers) > 1 {
				lines = append(lines, supers[0]+" "+supers[1]+" "+t+" — "+subs[0])
			}
			// Names with marks of their own, in lower case and with the
			// straight apostrophe.
			for _, s := range subs {
				if strings.ContainsAny(s, "’-") {
					l := t + " — " + s + " " + subs[0]
					if s == subs[0] {
						l = t + " — " + s
					}
					lines = append(lines, l, strings.ToLower(strings.ReplaceAll(l, "’", "'")))
				}
			}
		}
	}
	if len(lines) > 1 {
		lines = append(lines, lines[1]+" // "+lines[len(lines)-1])
	}
	return lines
}

// The fast path decides only what the full reading would: every line it
// accepts, the full reading accepts, in both modes; and it accepts the
// common lines, or it would be no fast path: every line of names of one
// meaning (sureLines). What share of all the lines built from the tables
// that is depends on the release (a future's new Spanish names of two
// meanings leave more to the full reading), so it is logged, not bound.
func TestFastPathAgrees(t *testing.T) {
	// Lines of every kind, current or not: the fast path may accept only
	// what the full reading accepts, whatever the rules list.
	extra := map[Lang][]string{
		English: {"Legendary Creature — Human Wizard", "Creature — Time Lord Doctor", "Plane — Ravnica", "Artifact Creature — Assembly-Worker",
			"Creature — Elf Elf", "Creature Legendary — Elf", "Kindred Instant — Elf", "Tribal Instant — Elf", "Creature — Forest",
			"Criatura — Elfo", "Snow Land — Forest Forest", "Basic Land — Forest // Basic Land — Island", "Creature — Elf //",
			"Enchantment — Aura Curse", "Instant — Arcane Adventure", "Land — Urza’s Power-Plant", "Land — Urza's Tower"},
		Spanish: {"Criatura legendaria — Elfo guerrero", "Criatura — Señor del Tiempo", "Criatura — Dríada", "Creature — Elf",
			"Criatura artefacto — Elfo", "Tierra básica — Bosque", "Criatura — Elfo // Conjuro"},
	}
	for _, lang := range []Lang{English, Spanish} {
		lines := append(vocabularyLines(lang), extra[lang]...)
		accepted := 0
		for _, l := range lines {
			fast := fastRead(l, lang) == fastValid
			for _, o := range []Options{{Lang: lang}, {Lang: lang, Printed: true}} {
				if fast && !fullValid(o, l) {
					t.Errorf("the fast path accepts %q, which the full reading (%v, printed %v) rejects: %v", l, lang, o.Printed, fullError(o, l))
				}
			}
			if fast {
				accepted++
			}
		}
		t.Logf("%v: the fast path accepts %d of %d lines built from the tables", lang, accepted, len(lines))
		sureOnes := sureLines(lang)
		if len(sureOnes) == 0 {
			t.Errorf("no %v line of names of one meaning: the tables hold none?", lang)
		}
		for _, l := range sureOnes {
			if !fullValid(Options{Lang: lang}, l) {
				t.Errorf("%q, built as a %v line of the rules, is not one: %v", l, lang, fullError(Options{Lang: lang}, l))
			} else if fastRead(l, lang) != fastValid {
				t.Errorf("the fast path leaves %q, a %v line spelled as the rules spell it, to the full reading", l, lang)
			}
		}
	}
	for lang, lines := range unsureLines(t) {
		for _, l := range lines {
			if fastRead(l, lang) == fastValid {
				t.Errorf("the fast path decides the %v line %q, which it must leave to the full reading", lang, l)
			}
		}
	}
}

// unsureLines are lines the fast path must leave to the full reading: a
// name of several words, a plane, a word of the other language, a name
// twice, a supertype after the card type in English, a removed name.
func unsureLines(t *testing.T) map[Lang][]string {
	out := map[Lang][]string{}
	for _, lang := range []Lang{English, Spanish} {
		for _, c := range subtype.Categories() {
			var sub, long subtype.Subtype
			for v := 1; subtype.Of(c, v) != (subtype.Subtype{}); v++ {
				st := subtype.Of(c, v)
				n := nameIn(st.String(), st.Spanish(), lang)
				switch {
				case !st.IsValid() || n == "":
				case sub == (subtype.Subtype{}) && sure(n):
					sub = st
				case long == (subtype.Subtype{}) && strings.Contains(n, " "):
					long = st
				}
			}
			for _, ct := range c.CardTypes() {
				t := nameIn(ct.String(), ct.Spanish(), lang)
				if !ct.IsValid() || t == "" || sub == (subtype.Subtype{}) {
					continue
				}
				s := nameIn(sub.String(), sub.Spanish(), lang)
				other := nameIn(ct.Spanish(), ct.String(), lang)
				out[lang] = append(out[lang], t+" — "+s+" "+s)
				if ct == cardtype.Plane {
					out[lang] = append(out[lang], t+" — "+s)
				}
				if long != (subtype.Subtype{}) {
					out[lang] = append(out[lang], t+" — "+nameIn(long.String(), long.Spanish(), lang))
				}
				if n, _ := meanings(other); other != "" && n == 1 && !sameName(other, t) {
					out[lang] = append(out[lang], other+" — "+s)
				}
				for _, r := range removedCardTypes(lang) {
					out[lang] = append(out[lang], r+" "+t+" — "+s)
				}
				if lang == English {
					for _, st := range cardtype.SupertypeValues() {
						out[lang] = append(out[lang], t+" "+st.String()+" — "+s)
					}
				}
			}
		}
		if len(out[lang]) == 0 {
			t.Errorf("no %v line to leave to the full reading: the tables hold no current name?", lang)
		}
	}
	return out
}

// removedCardTypes are the names in lang of the card types the rules
// dropped (Tribal, renamed Kindred in 2024-07-30, unless the rules list
// it again) that spell nothing else.
func removedCardTypes(lang Lang) []string {
	var out []string
	for v := 1; v <= data.CardTypes.Len(); v++ {
		e := data.CardTypes.Entry(v)
		if n := nameIn(e.EN, e.ES, lang); e.Removed != "" && n != "" {
			if count, _ := meanings(n); count == 1 {
				out = append(out, n)
			}
		}
	}
	return out
}

// A word the fast path misses for a combining mark sends the line to its
// NFC reading at once; any other miss leaves it to the full reading.
func TestFastPathDecomposed(t *testing.T) {
	tried := 0
	for _, c := range subtype.Categories() {
		var plain, accented string
		for v := 1; subtype.Of(c, v) != (subtype.Subtype{}); v++ {
			st := subtype.Of(c, v)
			es := st.Spanish()
			switch {
			case !st.IsValid() || es == "":
			case plain == "" && sure(es):
				plain = es
			case accented == "" && norm.NFD.String(es) != es && sure(es):
				accented = es
			}
		}
		for _, ct := range c.CardTypes() {
			es := ct.Spanish()
			if !ct.IsValid() || ct == cardtype.Plane || es == "" || !sure(es) || plain == "" || accented == "" {
				continue
			}
			tried++
			unknown := plain + "x"
			for n, _ := meanings(unknown); n > 0; n, _ = meanings(unknown) {
				unknown += "x"
			}
			for line, want := range map[string]fastVerdict{
				es + " — " + norm.NFD.String(accented): fastDecomposed,
				es + "\u0301 — " + plain:               fastDecomposed,
				es + " — " + unknown:                   fastUnsure,
				es + " — " + plain:                     fastValid,
			} {
				if got := fastRead(line, Spanish); got != want {
					t.Errorf("fastRead(%+q) = %d, want %d", line, got, want)
				}
			}
			break
		}
	}
	if tried == 0 {
		t.Skip("no current card type and subtypes with Spanish names, one of them accented")
	}
}

// The fast path allocates nothing.
func TestFastPathAllocations(t *testing.T) {
	if n := testing.AllocsPerRun(20, func() { fastRead("Legendary Artifact Creature — Human Wizard", English) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func FuzzFastPath(f *testing.F) {
	for _, lang := range []Lang{English, Spanish} {
		for _, l := range vocabularyLines(lang)[:200] {
			f.Add(l, lang == Spanish)
		}
	}
	f.Add("Creature — Elf // Creature — Elf", false)
	f.Add("Legendary  Creature —  Elf ", false)
	f.Fuzz(func(t *testing.T, line string, spanish bool) {
		lang := English
		if spanish {
			lang = Spanish
		}
		if fastRead(line, lang) != fastValid {
			return
		}
		for _, o := range []Options{{Lang: lang}, {Lang: lang, Printed: true}} {
			if !fullValid(o, line) {
				t.Errorf("the fast path accepts %q, which the full reading (%v, printed %v) rejects: %v", line, lang, o.Printed, fullError(o, line))
			}
		}
	})
}
