package subtype_test

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/crgen/generated/subtype"
)

// The basic land types are land types of today's rules, each named basic
// since a release of 205.3i; the rules first named any in 2022-09-08 (a
// fact of history), and a land type outside the list is not basic.
func TestBasicLandTypes(t *testing.T) {
	basic := subtype.BasicLandValues()
	if len(basic) == 0 {
		t.Fatal("BasicLandValues is empty: the land types' rule names basic land types since 2022-09-08")
	}
	first := ""
	for _, l := range basic {
		since, named := l.BasicSince()
		if !l.IsBasic() || !l.IsValid() || !named || since < "2022-09-08" {
			t.Errorf("%s: IsBasic %v, IsValid %v, BasicSince %q %v", l, l.IsBasic(), l.IsValid(), since, named)
		}
		if first == "" || since < first {
			first = since
		}
	}
	if first != "2022-09-08" {
		t.Errorf("the first release naming basic land types is %q, want 2022-09-08", first)
	}
	others := 0
	for v := subtype.Land(0); int(v) <= len(subtype.LandValues())+64; v++ {
		if slices.Contains(basic, v) {
			continue
		}
		others++
		if v.IsBasic() {
			t.Errorf("%s is basic but BasicLandValues does not list it", v)
		}
		if since, named := v.BasicSince(); named != (since != "") {
			t.Errorf("%s, not basic today: BasicSince %q, %v", v, since, named)
		}
	}
	if others == 0 {
		t.Error("every land type is basic")
	}
	if !slices.Equal(basic, subtype.BasicLandValues()) {
		t.Error("BasicLandValues changes between calls")
	}
	if n := testing.AllocsPerRun(100, func() { _ = basic[0].IsBasic() }); n != 0 {
		t.Errorf("IsBasic allocates %v times", n)
	}
}

// Sorted orders names as a reader of the language does: Spanish by the
// Spanish names (an accented initial with its letter, not after Z, as a
// byte order puts it), English by the English ones; a permutation of what
// it was given, which it leaves as it was.
func TestSorted(t *testing.T) {
	creatures := subtype.CreatureValues()
	given := slices.Clone(creatures)
	for _, lang := range []language.Tag{language.Spanish, language.MustParse("es-MX"), language.English} {
		got := subtype.Sorted(creatures, lang)
		if !slices.Equal(creatures, given) {
			t.Fatal("Sorted changed its argument")
		}
		name := func(c subtype.Creature) string { return c.String() }
		if base, _ := lang.Base(); base.String() == "es" {
			name = func(c subtype.Creature) string { return cmpOr(c.Spanish(), c.String()) }
		}
		col := collate.New(lang)
		for i := 1; i < len(got); i++ {
			if col.CompareString(name(got[i-1]), name(got[i])) > 0 {
				t.Errorf("%s: %q before %q", lang, name(got[i-1]), name(got[i]))
			}
		}
		if !sameElements(got, creatures) {
			t.Errorf("%s: Sorted is no permutation of its input", lang)
		}
	}
	// An accented initial sorts with its letter in Spanish.
	es := subtype.Sorted(creatures, language.Spanish)
	accented := slices.IndexFunc(es, func(c subtype.Creature) bool {
		r, _ := utf8.DecodeRuneInString(c.Spanish())
		return r > unicode.MaxASCII && unicode.IsUpper(r)
	})
	if accented < 0 {
		t.Skip("no Spanish creature type starts with an accented capital")
	}
	r, _ := utf8.DecodeRuneInString(es[accented].Spanish())
	after := 0
	for _, c := range es[accented+1:] {
		if first, _ := utf8.DecodeRuneInString(c.Spanish()); first < 'A' || first > 'Z' {
			continue
		} else if strings.ToUpper(string(first)) < strings.ToUpper(baseLetter(r)) {
			t.Errorf("%s sorts before %s", es[accented].Spanish(), c.Spanish())
		}
		after++
	}
	if after == 0 && baseLetter(r) < "Z" {
		t.Errorf("%s sorts after every name of a later letter", es[accented].Spanish())
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func sameElements[T comparable](a, b []T) bool {
	count := map[T]int{}
	for _, x := range a {
		count[x]++
	}
	for _, x := range b {
		count[x]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return len(a) == len(b)
}

// baseLetter is the letter of an accented Latin letter, without its
// accent.
func baseLetter(r rune) string {
	b, _ := utf8.DecodeRuneInString(norm.NFD.String(string(r)))
	return string(b)
}
