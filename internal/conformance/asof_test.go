package conformance

import (
	"errors"
	"slices"
	"testing"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/color"
	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/subtype"
	"github.com/mtgrules/crgen/generated/token"
	"github.com/mtgrules/crgen/generated/turn"
	"github.com/mtgrules/crgen/generated/zone"
	"github.com/mtgrules/crgen/internal/picks"
)

// asOfList is a list of the packages and how it reads a name as of a
// release.
type asOfList struct {
	list  rules.List
	parse func(name, date string) error
}

func asOfLists() []asOfList {
	p := func(f func(string, string) (any, error)) func(string, string) error {
		return func(s, d string) error { _, err := f(s, d); return err }
	}
	out := []asOfList{
		{keyword.ActionList(), p(func(s, d string) (any, error) { return keyword.ParseActionAsOf(s, d) })},
		{keyword.AbilityList(), p(func(s, d string) (any, error) { return keyword.ParseAbilityAsOf(s, d) })},
		{keyword.AbilityWordList(), p(func(s, d string) (any, error) { return keyword.ParseAbilityWordAsOf(s, d) })},
		{keyword.CounterList(), p(func(s, d string) (any, error) { return keyword.ParseCounterAsOf(s, d) })},
		{cardtype.CardTypeList(), p(func(s, d string) (any, error) { return cardtype.ParseCardTypeAsOf(s, d) })},
		{cardtype.SupertypeList(), p(func(s, d string) (any, error) { return cardtype.ParseSupertypeAsOf(s, d) })},
		{cardtype.PermanentTypeList(), p(func(s, d string) (any, error) { return cardtype.ParsePermanentTypeAsOf(s, d) })},
		{color.ColorList(), p(func(s, d string) (any, error) { return color.ParseColorAsOf(s, d) })},
		{zone.ZoneList(), p(func(s, d string) (any, error) { return zone.ParseZoneAsOf(s, d) })},
		{turn.PhaseList(), p(func(s, d string) (any, error) { return turn.ParsePhaseAsOf(s, d) })},
		{turn.StepList(), p(func(s, d string) (any, error) { return turn.ParseStepAsOf(s, d) })},
		{token.TokenList(), p(func(s, d string) (any, error) { return token.ParseTokenAsOf(s, d) })},
	}
	for _, c := range subtype.Categories() {
		out = append(out, asOfList{c.List(), p(func(s, d string) (any, error) { return subtype.ParseAsOf(c, s, d) })})
	}
	return out
}

// Every list says the release it was read from, and claims no newer one:
// its AsOf is a recorded release that read it, the newest release in
// force knows it as of that release, each package's Effective is the
// newest of its lists, and a name a list does not hold, asked for as of
// the newest release, is refused saying the list is not read by it when
// it was not (a release of rule pages of other rules), plainly when it
// was.
func TestEveryListSaysTheReleaseItIsAsOf(t *testing.T) {
	newest := rules.Newest()
	releases := rules.Releases("en")
	lists := asOfLists()
	for _, l := range lists {
		name := l.list.Key
		if !slices.Contains(releases, l.list.AsOf) || !l.list.ReadIn(l.list.AsOf) {
			t.Errorf("%s: as of %q, not a recorded release that read it", name, l.list.AsOf)
		}
		if known, ok := l.list.KnownAsOf(newest); !ok || known != l.list.AsOf {
			t.Errorf("%s: as of %s, but known as of %s on %s", name, l.list.AsOf, known, newest)
		}
		// A name the list does not hold, whatever a release added to it.
		absent := picks.Absent("Zyzzyva")
		err := l.parse(absent, newest)
		for err == nil && len(absent) < 40 {
			absent += "x"
			err = l.parse(absent, newest)
		}
		var ne *rules.NameError
		if !errors.As(err, &ne) {
			t.Errorf("%s: an absent name as of %s: %v", name, newest, err)
			continue
		}
		if read := l.list.AsOf == newest; read != (ne.Known == "") || !read && ne.Known != l.list.AsOf {
			t.Errorf("%s (as of %s): an absent name as of %s: %v (Known %q)", name, l.list.AsOf, newest, err, ne.Known)
		}
	}
	for pkg, c := range map[string]struct {
		got   string
		lists []rules.List
	}{
		"keyword": {keyword.Effective(), []rules.List{keyword.ActionList(), keyword.AbilityList(), keyword.AbilityWordList(), keyword.CounterList()}},
		"color":   {color.Effective(), []rules.List{color.ColorList()}},
		"zone":    {zone.Effective(), []rules.List{zone.ZoneList()}},
		"turn":    {turn.Effective(), []rules.List{turn.PhaseList(), turn.StepList()}},
		"token":   {token.Effective(), []rules.List{token.TokenList()}},
	} {
		if want, _ := rules.NewestOf(c.lists...); c.got != want || c.got > newest {
			t.Errorf("%s.Effective() = %s, its lists are as of %s at the newest", pkg, c.got, want)
		}
	}
	en, es := cardtype.Effective()
	if wen, wes := rules.NewestOf(cardtype.CardTypeList(), cardtype.SupertypeList(), cardtype.PermanentTypeList()); en != wen || es != wes {
		t.Errorf("cardtype.Effective() = %s, %s; want %s, %s", en, es, wen, wes)
	}
	en, es = mana.Effective()
	if l := mana.SymbolList(); en != l.AsOf || es != l.AsOfES || l.Key != "mana_symbols" {
		t.Errorf("mana.Effective() = %s, %s; SymbolList %+v", en, es, l)
	}
	t.Logf("%d lists; the newest release %s", len(lists), newest)
}
