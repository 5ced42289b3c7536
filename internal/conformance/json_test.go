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
	"github.com/mtgrules/crgen/internal/corpus"
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
		if err := json.Unmarshal(es, &fromES); err != nil || fromES != v {
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

// A Subtype's JSON names its category; the name may be Spanish.
func TestSubtypeJSONInSpanish(t *testing.T) {
	var st subtype.Subtype
	if err := json.Unmarshal([]byte(`{"category":"creature","name":"señor del tiempo"}`), &st); err != nil || st != subtype.CreatureTimeLord.Subtype() {
		t.Errorf("got %v, %v", st, err)
	}
	if err := json.Unmarshal([]byte(`{"category":"enchantment","name":"Saga"}`), &st); err != nil || st.String() != "Saga" {
		t.Errorf("got %v, %v", st, err)
	}
	if err := json.Unmarshal([]byte(`{"category":"creature","name":"Saga"}`), &st); err != nil || st.String() != "Hag" {
		t.Errorf("got %v, %v", st, err)
	}
	for _, bad := range []string{`{"category":"creature","name":"Forest"}`, `{"category":"potion","name":"Elf"}`, `"Elf"`} {
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
	need(t, subtype.CategoryCreature, "Time Lord", "Doctor", "Faerie")
	need(t, subtype.CategorySpell, "Adventure")
	for _, line := range []string{"Legendary Creature — Time Lord Doctor", "Creature — Faerie // Sorcery — Adventure", "Basic Snow Land — Forest"} {
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
	if err := json.Unmarshal([]byte(`{"L":"Creature — Donkey"}`), &z); err == nil || !strings.Contains(err.Error(), "Donkey") {
		t.Errorf("got %v", err)
	}
}

// need skips the test unless the rules still list names in c.
func need(t *testing.T, c subtype.Category, names ...string) {
	t.Helper()
	corpus.Need(t, c.String()+" type", func(n string) bool { _, ok := subtype.Find(c, n); return ok }, names...)
}
