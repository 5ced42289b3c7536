package tree

import (
	"slices"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// asOf gives, for a list key, the names the packages list as of a date
// (in order), and every name they have ever recorded with its lives.
type asOf struct {
	values func(date string) ([]string, error)
	lives  func() map[string][]rules.Life
}

func namesOf[T interface{ String() string }](vs []T, err error) ([]string, error) {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.String()
	}
	return out, err
}

func livesOf[T interface {
	String() string
	Lives() []rules.Life
}](vs []T) map[string][]rules.Life {
	out := map[string][]rules.Life{}
	for _, v := range vs {
		out[v.String()] = v.Lives()
	}
	return out
}

// lists are the packages' lists as of a release, by snapshot list key.
func lists() map[string]asOf {
	out := map[string]asOf{
		snapshot.FactCardTypes: {func(d string) ([]string, error) { return namesOf(cardtype.CardTypeValuesAsOf(d)) },
			func() map[string][]rules.Life { return livesOf(cardtype.EveryCardType()) }},
		snapshot.FactSupertypes: {func(d string) ([]string, error) { return namesOf(cardtype.SupertypeValuesAsOf(d)) },
			func() map[string][]rules.Life { return livesOf(cardtype.EverySupertype()) }},
		snapshot.FactKeywordActions: {func(d string) ([]string, error) { return namesOf(keyword.ActionValuesAsOf(d)) },
			func() map[string][]rules.Life { return livesOf(keyword.EveryAction()) }},
		snapshot.FactKeywordAbilities: {func(d string) ([]string, error) { return namesOf(keyword.AbilityValuesAsOf(d)) },
			func() map[string][]rules.Life { return livesOf(keyword.EveryAbility()) }},
		snapshot.FactAbilityWords: {func(d string) ([]string, error) { return namesOf(keyword.AbilityWordValuesAsOf(d)) },
			func() map[string][]rules.Life { return livesOf(keyword.EveryAbilityWord()) }},
		snapshot.FactMana: {func(d string) ([]string, error) { return namesOf(mana.SymbolsAsOf(d)) },
			func() map[string][]rules.Life { return livesOf(mana.EverySymbol()) }},
	}
	for _, c := range subtype.EveryCategory() {
		out[c.String()] = asOf{
			func(d string) ([]string, error) { return namesOf(subtype.ValuesAsOf(c, d)) },
			func() map[string][]rules.Life { return livesOf(subtype.Every(c)) },
		}
	}
	return out
}

// The packages give every list as of every release the history records:
// the names that release lists, in its order, and each name's lives are the stretches of the history
// that list it, gaps included.
func TestListsAsOfEveryRelease(t *testing.T) {
	h, err := store(t).History("en")
	if err != nil {
		t.Fatal(err)
	}
	if got := rules.Releases("en"); len(got) != len(h) || got[0] != h[0].Effective || got[len(got)-1] != h[len(h)-1].Effective {
		t.Fatalf("rules.Releases(en) %v…, the history %d releases from %s", got[:min(3, len(got))], len(h), h[0].Effective)
	}
	ls := lists()
	checked := 0
	for _, s := range h {
		for key, l := range ls {
			if !s.Carries(key) {
				continue
			}
			want := s.List(key)
			if key == snapshot.FactMana {
				want = slices.DeleteFunc(slices.Clone(want), func(sym string) bool { return isNumeric(s, sym) })
			}
			got, err := l.values(s.Effective)
			if err != nil {
				t.Fatalf("%s as of %s: %v", key, s.Effective, err)
			}
			if !slices.Equal(fold(got), fold(want)) {
				t.Errorf("%s as of %s: %d names\n got %q\nwant %q", key, s.Effective, len(got), got, want)
			}
			checked++
		}
	}
	// Each name's lives are the stretches of the releases carrying its
	// list that list it.
	listed := listedKeys(h)
	for key, l := range ls {
		for name, lives := range l.lives() {
			if key == snapshot.FactMana && len(lives) == 0 {
				continue // printed outside 107.4
			}
			if want := stretches(h, listed, key, name); !slices.Equal(lives, want) {
				t.Errorf("%s %s: lives %v, the history's %v", key, name, lives, want)
			}
		}
	}
	t.Logf("%d lists of %d releases compared", checked, len(h))
}

// stretches are the lives the history gives name in list key: each run of
// releases carrying the list that list it, from its first release to the
// first release carrying the list without it.
func stretches(h []*snapshot.Snapshot, listed []map[string]bool, key, name string) []rules.Life {
	var out []rules.Life
	open := false
	nameKey := key + "\x00" + history.NameKey(name)
	for i, s := range h {
		if !s.Carries(key) {
			continue
		}
		switch {
		case listed[i][nameKey] && !open:
			// The first life is exact where the history is: not the
			// oldest release, no release known and not recorded just
			// before it (rules.Unrecorded).
			exact := i > 0 && (len(out) > 0 || len(rules.UnrecordedBetween("en", h[i-1].Effective, s.Effective)) == 0)
			out = append(out, rules.Life{Since: s.Effective, Exact: exact})
			open = true
		case !listed[i][nameKey] && open:
			out[len(out)-1].Removed = s.Effective
			open = false
		}
	}
	return out
}

// listedKeys is, for each release of h, the names of its lists as the
// history compares them (history.NameKey), each behind its list's key and
// a NUL.
func listedKeys(h []*snapshot.Snapshot) []map[string]bool {
	out := make([]map[string]bool, len(h))
	for i, s := range h {
		out[i] = map[string]bool{}
		for _, key := range snapshot.ListsOf(s) {
			for _, n := range s.List(key) {
				out[i][key+"\x00"+history.NameKey(n)] = true
			}
		}
	}
	return out
}

func isNumeric(s *snapshot.Snapshot, sym string) bool {
	for _, m := range s.ManaSymbols {
		if m.Symbol == sym {
			return m.Group == "numeric"
		}
	}
	return false
}

// fold compares names as the history does (case, apostrophes).
func fold(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = history.NameKey(n)
	}
	return out
}
