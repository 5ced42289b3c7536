package conformance

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/typeline"
	"github.com/mtgrules/crgen/internal/picks"
)

type textValue interface {
	encoding.TextMarshaler
	comparable
}

// every returns every value of an enum, current and removed: 1, 2, ...
// up to the first number that does not marshal.
func every[T interface {
	~uint8 | ~uint16
	encoding.TextMarshaler
}]() []T {
	var out []T
	for v := T(1); v != 0; v++ {
		if _, err := v.MarshalText(); err != nil {
			break
		}
		out = append(out, v)
	}
	return out
}

// listed reports whether the rules list v today, for a value that says.
func listed[T any](v T) bool {
	c, ok := any(v).(interface{ IsValid() bool })
	return ok && c.IsValid()
}

// roundTrip marshals each value into JSON, as a field and as a map key,
// and reads it back.
func roundTrip[T textValue](t *testing.T, vals []T, spanish func(T) string) {
	t.Helper()
	if len(vals) == 0 {
		t.Fatalf("no values of %T", *new(T))
	}
	for _, v := range vals {
		b, err := json.Marshal(struct{ V T }{v})
		if err != nil {
			t.Errorf("%v: %v", v, err)
			continue
		}
		var back struct{ V T }
		if err := json.Unmarshal(b, &back); err != nil || back.V != v {
			t.Errorf("%s reads back as %v, %v", b, back.V, err)
		}
		if spanish == nil || spanish(v) == "" {
			continue
		}
		es, _ := json.Marshal(spanish(v))
		var fromES T
		err = json.Unmarshal(es, &fromES)
		// A name the rules renamed keeps its Spanish, which the new name
		// may share (Llanura, were Plains renamed): it reads as the name
		// the rules list today.
		if err == nil && fromES != v && !listed(v) && listed(fromES) && strings.EqualFold(spanish(fromES), spanish(v)) {
			continue
		}
		// A Spanish name that is another's English name (an English name
		// added that Spanish already spelled) reads as the English name.
		if english, _ := fromES.MarshalText(); err == nil && fromES != v && listed(fromES) && strings.EqualFold(string(english), spanish(v)) {
			continue
		}
		if err != nil || fromES != v {
			t.Errorf("Spanish %s reads as %v, %v; want %v", es, fromES, err, v)
		}
	}
	// The zero value encodes without breaking the enclosing struct.
	var zero struct {
		V T
		N int
	}
	zero.N = 7
	b, err := json.Marshal(zero)
	if err != nil {
		t.Fatalf("zero %T: %v", zero.V, err)
	}
	var back struct {
		V T
		N int
	}
	if err := json.Unmarshal(b, &back); err != nil || back != zero {
		t.Errorf("zero value: %s reads back as %+v, %v", b, back, err)
	}
}

func TestJSONRoundTrips(t *testing.T) {
	roundTrip(t, every[cardtype.CardType](), cardtype.CardType.Spanish)
	roundTrip(t, every[cardtype.Supertype](), cardtype.Supertype.Spanish)
	roundTrip(t, every[subtype.Creature](), subtype.Creature.Spanish)
	roundTrip(t, every[subtype.Land](), subtype.Land.Spanish)
	roundTrip(t, every[subtype.Artifact](), subtype.Artifact.Spanish)
	roundTrip(t, every[subtype.Enchantment](), subtype.Enchantment.Spanish)
	roundTrip(t, every[subtype.Planeswalker](), subtype.Planeswalker.Spanish)
	roundTrip(t, every[subtype.Spell](), subtype.Spell.Spanish)
	roundTrip(t, every[subtype.Planar](), subtype.Planar.Spanish)
	roundTrip(t, every[subtype.Dungeon](), subtype.Dungeon.Spanish)
	roundTrip(t, every[subtype.Battle](), subtype.Battle.Spanish)
	roundTrip(t, every[subtype.Category](), nil)
	roundTrip(t, every[mana.Symbol](), nil)
	roundTrip(t, []typeline.Lang{typeline.English, typeline.Spanish}, nil)
	roundTrip(t, []mana.Colors{mana.White, mana.White | mana.Blue, mana.Black | mana.Red | mana.Green}, nil)
	var subs []subtype.Subtype
	for _, c := range every[subtype.Creature]() {
		subs = append(subs, c.Subtype())
	}
	for _, p := range every[subtype.Planar]() {
		subs = append(subs, p.Subtype())
	}
	roundTrip(t, subs, nil)
	var pips []mana.Pip
	for _, s := range every[mana.Symbol]() {
		pips = append(pips, mana.Pip{Symbol: s})
	}
	roundTrip(t, append(pips, mana.Pip{Generic: 15}), nil)
	var costs []mana.Cost
	for _, s := range []string{"{2}{W/U}{G/P}", "{X}{X}{R}", "{0}", "{1000000}", "{C/W}{S}"} {
		c, err := mana.ParseCost(s)
		if err != nil {
			t.Fatal(err)
		}
		costs = append(costs, c)
	}
	roundTrip(t, costs, nil)
}

// A Subtype's JSON names its category; the name may be Spanish, in any
// case. The names are picked from the data: any rules update may drop one.
func TestSubtypeJSONInSpanish(t *testing.T) {
	unmarshal := func(category, name string) (subtype.Subtype, error) {
		var st subtype.Subtype
		b, _ := json.Marshal(map[string]string{"category": category, "name": name})
		err := json.Unmarshal(b, &st)
		return st, err
	}
	for _, c := range subtype.Categories() {
		for _, s := range picks.Current(c) {
			if s.Spanish() == "" || picks.Shadowed(s, s.Spanish()) {
				continue // the Spanish page does not name it yet, or another's English name reads first
			}
			if got, err := unmarshal(c.String(), strings.ToLower(s.Spanish())); err != nil || got != s {
				t.Errorf("%s %q reads as %v, %v; want %v", c, strings.ToLower(s.Spanish()), got, err, s)
			}
		}
	}
	// A Spanish name shared by two categories (Saga: the creature type Hag
	// and the enchantment type Saga) reads within the category named.
	shared := false
	for _, c := range subtype.Categories() {
		for _, s := range picks.Current(c) {
			for _, o := range subtype.Categories() {
				other, ok := subtype.Find(o, s.Spanish())
				if o == c || !ok || s.Spanish() == "" {
					continue
				}
				shared = true
				for cat, want := range map[subtype.Category]subtype.Subtype{c: s, o: other} {
					if got, err := unmarshal(cat.String(), s.Spanish()); err != nil || got != want {
						t.Errorf("%s %q reads as %v, %v; want %v", cat, s.Spanish(), got, err, want)
					}
				}
			}
		}
	}
	if !shared {
		t.Log("no Spanish name of the current rules spells a name of another category: that case is not checked")
	}
	// A name of another category only, a category that is not one, and a
	// name without its category are refused.
	land := picks.Subtype(t, subtype.CategoryLand, "a land type alone", func(s subtype.Subtype) bool {
		_, err := subtype.ParseCreature(s.String())
		return picks.Only(s) && picks.Unknown(err)
	})
	creature := picks.Current(subtype.CategoryCreature)[0]
	category := "potion"
	for _, err := subtype.ParseCategory(category); err == nil; _, err = subtype.ParseCategory(category) {
		category += "x"
	}
	var st subtype.Subtype
	for _, bad := range []string{
		`{"category":"creature","name":"` + land.String() + `"}`,
		`{"category":"` + category + `","name":"` + creature.String() + `"}`,
		`"` + creature.String() + `"`,
	} {
		if err := json.Unmarshal([]byte(bad), &st); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// Payments and type lines are read back from their text in either form.
func TestPaymentAndTypeLineText(t *testing.T) {
	c, _ := mana.ParseCost("{X}{2/W}{W/U/P}{S}")
	opts, err := c.PaymentOptions()
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, opts, nil)
	// Lines of names the Spanish page pairs today, so that the Spanish
	// form reads back: a supertype, a name of several words beside
	// another, two faces, a land.
	creature := picks.CardTypeFor(t, subtype.CategoryCreature, true)
	sorcery := picks.CardTypeFor(t, subtype.CategorySpell, true)
	land := picks.CardTypeFor(t, subtype.CategoryLand, true)
	elf := picks.Subtype(t, subtype.CategoryCreature, "plain and named in Spanish", picks.PlainES)
	adventure := picks.Subtype(t, subtype.CategorySpell, "plain and named in Spanish", picks.PlainES)
	forest := picks.Subtype(t, subtype.CategoryLand, "plain and named in Spanish", picks.PlainES)
	legendary := picks.Supertype(t, true)
	snow := picks.Supertype(t, true, legendary)
	lines := []string{
		creature.String() + " — " + elf.String() + " // " + sorcery.String() + " — " + adventure.String(),
		legendary.String() + " " + snow.String() + " " + land.String() + " — " + forest.String(),
	}
	for _, s := range picks.Current(subtype.CategoryCreature) {
		if strings.Contains(s.String(), " ") && s.Spanish() != "" && picks.Only(s) {
			lines = append(lines, legendary.String()+" "+creature.String()+" — "+s.String()+" "+elf.String())
			break
		}
	}
	for _, line := range lines {
		tl, err := typeline.Parse(line, typeline.English)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(tl)
		var back typeline.TypeLine
		if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, tl) {
			t.Errorf("%s reads back as %v, %v", b, back, err)
		}
		es, _ := json.Marshal(tl.Format(typeline.Spanish))
		var fromES typeline.TypeLine
		if err := json.Unmarshal(es, &fromES); err != nil || !reflect.DeepEqual(fromES, tl) {
			t.Errorf("Spanish %s reads back as %v, %v", es, fromES, err)
		}
		f := tl.Faces[0]
		fb, _ := json.Marshal(f)
		var fback typeline.Face
		if err := json.Unmarshal(fb, &fback); err != nil || !reflect.DeepEqual(fback, f) {
			t.Errorf("face %s reads back as %v, %v", fb, fback, err)
		}
	}
	var z struct {
		L typeline.TypeLine
		F typeline.Face
	}
	b, _ := json.Marshal(z)
	if string(b) != `{"L":"","F":""}` {
		t.Errorf("zero type line and face: %s", b)
	}
	donkey := picks.Absent("Donkey")
	if err := json.Unmarshal([]byte(`{"L":"`+creature.String()+` — `+donkey+`"}`), &z); err == nil || !strings.Contains(err.Error(), donkey) {
		t.Errorf("got %v", err)
	}
}
