package cardtype_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/picks"
)

// These tests run on whatever names the package was generated from: a
// rules update adds, drops and retranslates names, and the Spanish page
// lags the English rules. So they take their names from the data, and
// the words they need absent from internal/picks.

// spellings are the ways a user may write a name: as printed, in lower
// and upper case, its Spanish name when the Spanish page has one yet, and
// the other Spanish forms the rules page prints (legendaria).
func spellings(en, es string, forms []string) []string {
	out := []string{en, strings.ToLower(en), strings.ToUpper(en)}
	if es != "" {
		out = append(out, es, strings.ToLower(es), strings.ToUpper(es))
	}
	return append(out, forms...)
}

func TestParseEveryCardType(t *testing.T) {
	values := cardtype.CardTypeValues()
	if len(values) == 0 {
		t.Fatal("no card types")
	}
	for _, ct := range values {
		e := data.CardTypes.Entry(int(ct))
		for _, in := range spellings(ct.String(), ct.Spanish(), e.Forms) {
			want := ct
			if other := englishNamed(values, in); other != 0 && !strings.EqualFold(in, ct.String()) {
				want = other // English is read first, as for the supertypes
			}
			if got, err := cardtype.ParseCardType(in); err != nil || got != want {
				t.Errorf("ParseCardType(%q) = %v, %v; want %v", in, got, err, want)
			}
			if got, ok := cardtype.FindCardType(in); !ok || got != want {
				t.Errorf("FindCardType(%q) = %v, %v; want %v", in, got, ok, want)
			}
		}
		if ct.Rule() != values[0].Rule() || ct.Rule() == "" {
			t.Errorf("%v: rule %q", ct, ct.Rule())
		}
	}
}

func TestParseEverySupertype(t *testing.T) {
	values := cardtype.SupertypeValues()
	if len(values) == 0 {
		t.Fatal("no supertypes")
	}
	for _, st := range values {
		e := data.Supertypes.Entry(int(st))
		for _, in := range spellings(st.String(), st.Spanish(), e.Forms) {
			want := st
			// A Spanish spelling a release gives another supertype as its
			// English name reads as that one: English is read first.
			if other := englishNamed(values, in); other != 0 && !strings.EqualFold(in, st.String()) {
				want = other
			}
			if got, err := cardtype.ParseSupertype(in); err != nil || got != want {
				t.Errorf("ParseSupertype(%q) = %v, %v; want %v", in, got, err, want)
			}
		}
	}
}

// englishNamed is the value of values whose English name is s in any
// case, or 0.
func englishNamed[V interface {
	~uint8 | ~uint16
	String() string
}](values []V, s string) V {
	for _, v := range values {
		if strings.EqualFold(v.String(), s) {
			return v
		}
	}
	return 0
}

// A word no list has is an error naming the rule; so is a card type the
// rules dropped before the history begins (Summon, Enchant), which
// printed.json records and the table never held.
func TestUnknownCardType(t *testing.T) {
	words := []string{picks.Absent("Donkey")}
	for _, d := range data.Dropped {
		if _, known := data.CardTypes.Lookup(d.Printed); d.Table == data.CardTypes && d.Lang == "en" && !known {
			words = append(words, d.Printed)
		}
	}
	if len(words) == 1 {
		t.Log("printed.json records no card type dropped before the history that the rules do not list again")
	}
	// While the newest release did not read 205.2a (a release of rule
	// pages), the error says which release the card types are as of.
	asOf := ""
	if l := cardtype.CardTypeList(); l.AsOf != rules.Newest() {
		asOf = " as of " + l.AsOf + ", the newest release whose card types are read"
	}
	for _, w := range words {
		_, err := cardtype.ParseCardType(w)
		if want := `cardtype: "` + w + `" is not a card type (rule ` + cardtype.CardType(0).Rule() + `)` + asOf; err == nil || err.Error() != want {
			t.Errorf("ParseCardType(%q): %v, want %s", w, err, want)
		}
	}
}

// Removed names keep their values: not valid, not listed, refused by
// Parse with the release that dropped them and what replaced them, read
// back from text.
func TestRemovedCardTypes(t *testing.T) {
	// History: Tribal was renamed Kindred in 2024-07-30. A later release
	// may list Tribal again, and the API tells only the current state.
	if release, removed := cardtype.Tribal.Removed(); removed && release == "2024-07-30" {
		if next, ok := cardtype.Tribal.ReplacedBy(); !ok || next != cardtype.Kindred || cardtype.Tribal.IsValid() {
			t.Errorf("Tribal: replaced by %v %v, valid %v", next, ok, cardtype.Tribal.IsValid())
		}
	} else {
		t.Logf("the rules list Tribal again (removed %v in %q): its renaming is not checked", removed, release)
	}
	listed := cardtype.CardTypeValues()
	for v := cardtype.CardType(1); ; v++ {
		b, err := v.MarshalText()
		if err != nil {
			break
		}
		var back cardtype.CardType
		if err := back.UnmarshalText(b); err != nil || back != v {
			t.Errorf("%v: text %q reads back as %v, %v", v, b, back, err)
		}
		release, removed := v.Removed()
		if v.IsValid() == removed || slices.Contains(listed, v) == removed {
			t.Errorf("%v: valid %v, listed %v, removed %v", v, v.IsValid(), slices.Contains(listed, v), removed)
		}
		next, renamed := v.ReplacedBy()
		if renamed && (!removed || next.String() != data.CardTypes.Entry(int(v)).ReplacedBy) {
			t.Errorf("%v: replaced by %v, removed %v", v, next, removed)
		}
		if !removed {
			continue
		}
		_, err = cardtype.ParseCardType(v.String())
		var ne *cardtype.NameError
		if !errors.As(err, &ne) || ne.Removed != release || renamed != (ne.ReplacedBy != "") || renamed && ne.ReplacedBy != next.String() {
			t.Errorf("ParseCardType(%q): %v, want it removed in %s, replaced by %v %v", v, err, release, next, renamed)
		}
	}
}

// Text reads back from the Spanish name of every current value.
func TestUnmarshalSpanish(t *testing.T) {
	for _, ct := range cardtype.CardTypeValues() {
		if ct.Spanish() == "" {
			continue // the Spanish page does not name it yet
		}
		var back cardtype.CardType
		if err := back.UnmarshalText([]byte(strings.ToLower(ct.Spanish()))); err != nil || back != ct {
			t.Errorf("%q reads back as %v, %v; want %v", ct.Spanish(), back, err, ct)
		}
	}
}

// The permanent types are card types of the same name, and IsPermanent
// says which card types they are (rule 110.4): never an instant or a
// sorcery, whatever a release adds.
func TestPermanentTypes(t *testing.T) {
	for _, p := range cardtype.PermanentTypeValues() {
		ct := p.CardType()
		if ct == 0 || !ct.IsPermanent() || !strings.EqualFold(ct.String(), p.String()) {
			t.Errorf("%v: card type %v (permanent %v)", p, ct, ct.IsPermanent())
		}
	}
	for _, ct := range []cardtype.CardType{cardtype.Instant, cardtype.Sorcery} {
		if ct.IsPermanent() {
			t.Errorf("%v is no permanent type", ct)
		}
	}
	past, err := cardtype.PermanentTypeValuesAsOf("2009-07-11")
	if err != nil || len(past) != 5 || slices.Contains(past, cardtype.PermanentBattle) {
		t.Errorf("2009-07-11: %v, %v", past, err)
	}
}
