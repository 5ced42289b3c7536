package typeline_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/names"
	"github.com/mtgrules/crgen/internal/picks"
)

// categoryOf is the category whose table tb is, if any.
func categoryOf(tb *enum.Table) (subtype.Category, bool) {
	for i := range data.Categories {
		if data.Categories[i].Table == tb {
			return subtype.Category(i + 1), true
		}
	}
	return 0, false
}

// lineFor returns a line of lang ending with word as a subtype of c: a
// card type whose subtypes c lists, the long dash, the word.
func lineFor(c subtype.Category, lang typeline.Lang, word string) (string, bool) {
	for _, ct := range c.CardTypes() {
		if !ct.IsValid() || ct == cardtype.Plane {
			continue
		}
		name := ct.String()
		if lang == typeline.Spanish {
			name = ct.Spanish()
		}
		if name != "" {
			return name + " — " + word, true
		}
	}
	return "", false
}

// Each variant printed.json records (a spelling cards print of a name the
// rules spell otherwise) is read by printed mode as its name, with a note
// saying why, and refused by the rules' mode, saying printed mode accepts
// it; a variant of a name the rules dropped is refused in both modes.
func TestPrintedVariants(t *testing.T) {
	tried := 0
	for _, v := range data.Variants {
		c, ok := categoryOf(v.Table)
		lang := typeline.English
		if v.Lang == "es" {
			lang = typeline.Spanish
		}
		if !ok {
			continue // a variant of a card type or supertype: no line of this shape
		}
		want := subtype.Of(c, v.Value)
		line, ok := lineFor(c, lang, v.Printed)
		if !ok {
			t.Logf("variant %q: no current %s card type names %s types", v.Printed, lang, c)
			continue
		}
		tried++
		printed := typeline.Options{Lang: lang, Printed: true}
		tl, err := printed.Parse(line)
		strict := typeline.Validate(line, lang)
		var te *typeline.Error
		if !want.IsValid() {
			for _, err := range []error{err, strict} {
				if !errors.As(err, &te) || te.Cause != typeline.CauseRemoved {
					t.Errorf("%q, a variant of the removed %v: %v, want it removed", line, want, err)
				}
			}
			continue
		}
		if err != nil || len(tl.Faces) != 1 || !reflect.DeepEqual(tl.Faces[0].Subtypes, []subtype.Subtype{want}) {
			t.Errorf("printed mode reads %q as %+v, %v; want %v", line, tl, err, want)
			continue
		}
		if len(tl.Notes) != 1 || tl.Notes[0].Printed != v.Printed || tl.Notes[0].Why != v.Why || tl.Notes[0].Offset != strings.Index(line, v.Printed) {
			t.Errorf("%q: notes %+v, want one for %q: %s", line, tl.Notes, v.Printed, v.Why)
		}
		if !errors.As(strict, &te) || te.Cause != typeline.CausePrinted || !strings.Contains(strict.Error(), "printed mode accepts it") {
			t.Errorf("the rules' mode on %q: %v, want a printed form that printed mode accepts", line, strict)
		}
		// The current form is a line of the rules, reading the same; in
		// Spanish only once the Spanish page pairs the name (until then
		// it is written in English).
		if lang == typeline.Spanish && want.Spanish() == "" {
			t.Logf("variant %q: the Spanish page does not pair %v yet: its current form is not checked", v.Printed, want)
			continue
		}
		cur, err := printed.Current(line)
		if back, berr := typeline.Parse(cur, lang); err != nil || berr != nil || !reflect.DeepEqual(back.Faces, tl.Faces) {
			t.Errorf("%q: current form %q (%v) reads %+v, %v", line, cur, err, back, berr)
		}
	}
	if tried == 0 {
		t.Skip("no printed variant of a subtype has a line to stand in today")
	}
	t.Logf("%d of %d variants read in a line", tried, len(data.Variants))
}

// A name cards printed that the rules dropped before the history begins
// (Lord, Legend, Summon) is refused in both modes, saying what it was.
func TestDroppedNames(t *testing.T) {
	tried := 0
	for _, d := range data.Dropped {
		c, ok := categoryOf(d.Table)
		lang := typeline.English
		if d.Lang == "es" {
			lang = typeline.Spanish
		}
		if listedAgain(d.Printed, lang) {
			t.Logf("%q: the rules list it again, so it is no dropped name today", d.Printed)
			continue
		}
		line := d.Printed // a card type: the line alone
		if d.Table != data.CardTypes {
			l, okLine := lineFor(c, lang, d.Printed)
			if !ok || !okLine {
				continue
			}
			line = l
		}
		tried++
		for _, o := range []typeline.Options{{Lang: lang}, {Lang: lang, Printed: true}} {
			err := o.Validate(line)
			if err == nil || !strings.Contains(err.Error(), d.What) {
				t.Errorf("%q (printed %v): %v, want it refused as %s", line, o.Printed, err, d.What)
			}
			if allocs := testing.AllocsPerRun(10, func() { o.Valid(line) }); allocs != 0 {
				t.Errorf("Valid(%q) (printed %v): %v allocations, want none", line, o.Printed, allocs)
			}
		}
	}
	if tried == 0 {
		t.Skip("printed.json records no dropped subtype that a current card type's line can hold")
	}
	t.Logf("%d of %d dropped names read in a line", tried, len(data.Dropped))
}

// Printed mode reads a hyphen for the long dash, noting it; the current
// form has the long dash.
func TestPrintedDash(t *testing.T) {
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, false)
	elf := picks.Subtype(t, subtype.CategoryCreature, "plain", picks.Plain)
	line := creature.String() + " - " + elf.String()
	printed := typeline.Options{Printed: true}
	tl, err := printed.Parse(line)
	if err != nil || len(tl.Notes) != 1 || tl.Notes[0].Printed != "-" || tl.Notes[0].Current != "—" || tl.Notes[0].Offset != len(creature.String())+1 {
		t.Errorf("printed mode on %q: %+v, %v", line, tl, err)
	}
	if cur, err := printed.Current(line); err != nil || cur != creature.String()+" — "+elf.String() {
		t.Errorf("current form of %q: %q, %v", line, cur, err)
	}
}

// A type line encodes as its English text, and reads back from its text
// in English or Spanish.
func TestTextRoundTrip(t *testing.T) {
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	sorcery := picks.CardTypeFor(t, subtype.CategorySpell, true)
	faerie := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	adventure := picks.Subtype(t, subtype.CategorySpell, "plain and named in Spanish", picks.PlainES)
	line := creature.String() + " — " + faerie.String() + " // " + sorcery.String() + " — " + adventure.String()
	tl, err := typeline.Parse(line, typeline.English)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(struct{ Line typeline.TypeLine }{tl})
	if err != nil || string(b) != `{"Line":"`+line+`"}` {
		t.Errorf("%q encodes as %s, %v", line, b, err)
	}
	for _, text := range []string{line, tl.Format(typeline.Spanish)} {
		var back typeline.TypeLine
		if err := json.Unmarshal([]byte(`"`+text+`"`), &back); err != nil || !reflect.DeepEqual(back, tl) {
			t.Errorf("%q reads back as %+v, %v", text, back, err)
		}
	}
}

// listedAgain reports whether the rules list a spelling today, in any
// list, in lang: a name printed.json records as dropped that a release
// brought back.
func listedAgain(spelling string, lang typeline.Lang) bool {
	w := data.Exact.Lookup(spelling)
	for i := 0; w != nil && i < len(w.Senses); i++ {
		s := w.Senses[i]
		want := names.Spanish
		if lang == typeline.English {
			want = names.English
		}
		if s.Cur && s.Form == names.FormRules && s.Langs&want != 0 {
			return true
		}
	}
	return false
}

// Current spells every name of a line as the rules do, capitals and
// apostrophes too, in the line's order: an English line typed in lower
// case, a name with a curly apostrophe typed straight, each as the rules
// list it; a Spanish line capitalised as Spanish type lines print it.
func TestCurrentSpellsEveryName(t *testing.T) {
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	a := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	b := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES, a)
	rules := creature.String() + " — " + a.String() + " " + b.String()
	for _, o := range []typeline.Options{{}, {Printed: true}} {
		if got, err := o.Current(strings.ToLower(rules)); err != nil || got != rules {
			t.Errorf("Current(%q), printed %v: %q, %v; want %q", strings.ToLower(rules), o.Printed, got, err, rules)
		}
	}
	// The line's own order stays: the subtypes reversed are not reordered.
	swapped := creature.String() + " — " + b.String() + " " + a.String()
	if got, err := (typeline.Options{}).Current(strings.ToUpper(swapped)); err != nil || got != swapped {
		t.Errorf("Current(%q): %q, %v; want %q", strings.ToUpper(swapped), got, err, swapped)
	}
	for _, s := range apostrophed() {
		for _, ct := range s.Category().CardTypes() {
			if !ct.IsValid() || typeline.Validate(ct.String()+" — "+s.String(), typeline.English) != nil {
				continue
			}
			line := ct.String() + " — " + strings.ReplaceAll(s.String(), "’", "'")
			if got, err := (typeline.Options{Printed: true}).Current(strings.ToLower(line)); err != nil || got != ct.String()+" — "+s.String() {
				t.Errorf("Current(%q): %q, %v", strings.ToLower(line), got, err)
			}
			break
		}
	}
	// Spanish: the first card type and the first subtype of a face with a
	// capital, the rest without.
	es := strings.ToLower(creature.Spanish() + " — " + a.Spanish() + " " + b.Spanish())
	want := creature.Spanish() + " — " + a.Spanish() + " " + lowerFirst(b.Spanish())
	if got, err := (typeline.Options{Lang: typeline.Spanish}).Current(es); err != nil || got != want {
		t.Errorf("Current(%q): %q, %v; want %q", es, got, err, want)
	}
}

// apostrophed are the current subtypes whose names hold a curly
// apostrophe (Urza’s), one a category.
func apostrophed() []subtype.Subtype {
	var out []subtype.Subtype
	for _, c := range subtype.Categories() {
		for _, s := range picks.Current(c) {
			if strings.Contains(s.String(), "’") {
				out = append(out, s)
				break
			}
		}
	}
	return out
}
