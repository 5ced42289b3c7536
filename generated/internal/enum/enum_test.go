package enum

import (
	"errors"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/names"
)

// newTable builds a table as the generator writes one.
func newTable(t testing.TB, pkg, noun, rule string, list []Entry) *Table {
	t.Helper()
	var spellings [][]string
	var current []bool
	for i := range list {
		spellings = append(spellings, list[i].Names())
		current = append(current, list[i].Removed == "")
	}
	x, words, err := names.ListIndex(spellings, current)
	if err != nil {
		t.Fatal(err)
	}
	return &Table{Pkg: pkg, Noun: noun, Rule: rule, List: list, Index: x, Words: words}
}

func table(t testing.TB) *Table {
	return newTable(t, "cardtype", "card type", "205.2a", []Entry{
		{EN: "Artifact", ES: "Artefacto", Since: "2016-01-16"},
		{EN: "Tribal", Since: "2016-01-16", Removed: "2024-07-30", ReplacedBy: "Kindred"},
		{EN: "Kindred", ES: "Afín", Since: "2024-07-30", Exact: true},
		{EN: "Basic", ES: "Básico", Forms: []string{"Básica"}, Since: "2016-01-16"},
	})
}

func TestParse(t *testing.T) {
	tb := table(t)
	for in, want := range map[string]int{"artifact": 1, "ARTEFACTO": 1, "afín": 3, "básica": 4} {
		if v, err := tb.Parse(in); err != nil || v != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, v, err, want)
		}
	}
	_, err := tb.Parse("tribal")
	var ne *NameError
	if !errors.As(err, &ne) || ne.Removed != "2024-07-30" || ne.ReplacedBy != "Kindred" ||
		err.Error() != `cardtype: "tribal" is no longer a card type: Tribal was removed from rule 205.2a in the release of 2024-07-30, renamed Kindred` {
		t.Errorf("removed: %v", err)
	}
	if _, err := tb.Parse("Summon"); err == nil || err.Error() != `cardtype: "Summon" is not a card type (rule 205.2a)` {
		t.Errorf("unknown: %v", err)
	}
}

// A list the newest release did not read (a release of rule pages of
// other rules): a name it lists as of the release before is found as of
// the newest; one it does not is refused saying the list is not read,
// and as of when it is known, rather than denied.
func TestListTheNewestReleaseDidNotRead(t *testing.T) {
	rs := rules.Releases("en")
	newest, before := rs[len(rs)-1], rs[len(rs)-2]
	tb := newTable(t, "keyword", "keyword action", "701", []Entry{{EN: "Scry", Since: rs[0]}})
	tb.Key, tb.Label, tb.AsOf, tb.Unread = "keyword_actions", "keyword actions", before, []string{newest}
	if v, err := tb.ParseAsOf("scry", newest); v != 1 || err != nil {
		t.Errorf("ParseAsOf(scry, %s) = %d, %v", newest, v, err)
	}
	if vs, err := tb.ValuesAsOf(newest, []int{1}); len(vs) != 1 || err != nil || !tb.ListedIn(1, newest) {
		t.Errorf("ValuesAsOf(%s) = %v, %v", newest, vs, err)
	}
	_, err := tb.ParseAsOf("Heal", newest)
	var ne *NameError
	if !errors.As(err, &ne) || ne.Known != before || !strings.Contains(err.Error(), "the keyword actions of "+newest+" are not read; known as of "+before) {
		t.Errorf("ParseAsOf(Heal, %s): %v", newest, err)
	}
	if _, err := tb.Parse("Heal"); !errors.As(err, &ne) || ne.Known != before || ne.AsOf != "" {
		t.Errorf("Parse(Heal): %v", err)
	}
	if _, err := tb.ParseAsOf("Heal", before); !errors.As(err, &ne) || ne.Known != "" {
		t.Errorf("ParseAsOf(Heal, %s), a release that read the list: %v", before, err)
	}
	if l := tb.Info(); l.Key != "keyword_actions" || l.AsOf != before || l.ReadIn(newest) {
		t.Errorf("Info() = %+v", l)
	}
}

func TestHistoryAccessors(t *testing.T) {
	tb := table(t)
	if r, ok := tb.Removed(2); r != "2024-07-30" || !ok {
		t.Errorf("Removed(2) = %s %v", r, ok)
	}
	if _, ok := tb.Removed(1); ok {
		t.Error("a current name reported removed")
	}
	if v, ok := tb.ReplacedBy(2); v != 3 || !ok {
		t.Errorf("ReplacedBy(2) = %d %v", v, ok)
	}
	if r, exact := tb.Since(3); r != "2024-07-30" || !exact {
		t.Errorf("Since(3) = %s %v", r, exact)
	}
	if tb.Current(2) || !tb.Current(1) || tb.Current(0) || tb.Current(9) {
		t.Error("Current")
	}
	if tb.Name(9, "CardType") != "CardType(9)" || tb.Name(1, "CardType") != "Artifact" {
		t.Error("Name")
	}
	if tb.MaxWords() != 1 {
		t.Errorf("MaxWords %d", tb.MaxWords())
	}
}

func TestText(t *testing.T) {
	tb := table(t)
	for v, want := range map[int]string{0: "", 1: "Artifact", 2: "Tribal"} {
		b, err := tb.MarshalText(v)
		if err != nil || string(b) != want {
			t.Errorf("MarshalText(%d) = %q, %v", v, b, err)
		}
		back, err := tb.UnmarshalText(b)
		if err != nil || back != v {
			t.Errorf("UnmarshalText(%q) = %d, %v; want %d", b, back, err, v)
		}
	}
	if _, err := tb.MarshalText(7); err == nil {
		t.Error("an unknown value marshalled")
	}
	if _, err := tb.UnmarshalText([]byte("Donkey")); err == nil || !strings.Contains(err.Error(), "is not a card type") {
		t.Errorf("got %v", err)
	}
}

// Two values claiming one spelling (in any case) make no index: the
// generator refuses to write such a table.
func TestAmbiguousTableRefused(t *testing.T) {
	_, _, err := names.ListIndex([][]string{{"Hag", "Saga"}, {"Saga"}}, []bool{true, true})
	if err == nil || !strings.Contains(err.Error(), "claimed by values") {
		t.Errorf("got %v", err)
	}
}

func TestArticle(t *testing.T) {
	if Article("artifact type") != "an artifact type" || Article("card type") != "a card type" {
		t.Error(Article("artifact type"), Article("card type"))
	}
}
