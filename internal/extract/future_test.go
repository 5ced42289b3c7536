package extract

import (
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// The rules have added a subtype category three times since 2009
// (planar, dungeon, battle) and groups of mana symbols as often: a new
// one is read from the rules' own words, with no table to edit.

// edited is the newest corpus release with edit applied to its rules:
// whichever it is, as a new corpus file must need no change here.
func edited(t *testing.T, edit func([]crtext.Rule) []crtext.Rule) []crtext.Rule {
	t.Helper()
	return edit(release(t, newestRelease(t)))
}

// newestRelease is the newest release of the corpus, YYYYMMDD.
func newestRelease(t *testing.T) string {
	t.Helper()
	return strings.ReplaceAll(newestDate(t), "-", "")
}

// newestDate is the newest release of the corpus, YYYY-MM-DD.
func newestDate(t *testing.T) string {
	t.Helper()
	rs := corpus.Releases(t)
	return rs[len(rs)-1].Date
}

// newWord is a lower-case word no list of f uses, made from base.
func newWord(f *Facts, base string) string {
	for {
		if _, ok := f.Subtypes[base]; !ok && !slices.Contains(f.List(snapshot.FactCardTypes), base) {
			return base
		}
		base += "x"
	}
}

func TestNewCategoryIsRead(t *testing.T) {
	before := extractRelease(t, newestRelease(t))
	cat := newWord(before, "paragon")
	rules := edited(t, func(rs []crtext.Rule) []crtext.Rule {
		// The last subrule (no subtypes) moves down a letter; the new
		// category takes its place, as battle types did in 2023.
		i := slices.IndexFunc(rs, func(r crtext.Rule) bool { return strings.Contains(r.Text, "have no subtypes") })
		last := rs[i]
		next := last
		next.Number = last.Number[:len(last.Number)-1] + string(last.Number[len(last.Number)-1]+1)
		rs[i].Text = strings.ToUpper(cat[:1]) + cat[1:] + "s have their own unique set of subtypes; these subtypes are called " + cat + " types. The " + cat + " types are Ascendant and Exemplar."
		return slices.Insert(rs, i+1, next)
	})
	f, err := Extract(English, rules, newestDate(t))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.Subtypes[cat], []string{"Ascendant", "Exemplar"}) {
		t.Errorf("%s types: %v", cat, f.Subtypes[cat])
	}
	for c, names := range before.Subtypes {
		if !slices.Equal(f.Subtypes[c], names) || f.SubtypeRule[c] != before.SubtypeRule[c] {
			t.Errorf("%s types moved: %s %d names, was %s %d", c, f.SubtypeRule[c], len(f.Subtypes[c]), before.SubtypeRule[c], len(names))
		}
	}
}

func TestNewCategoryMustBeNamedSo(t *testing.T) {
	rules := edited(t, func(rs []crtext.Rule) []crtext.Rule {
		i := slices.IndexFunc(rs, func(r crtext.Rule) bool { return strings.Contains(r.Text, "have no subtypes") })
		rs[i].Text = "Some cards have subtypes. The following types are Ascendant and Exemplar."
		return rs
	})
	_, err := Extract(English, rules, newestDate(t))
	if err == nil || !strings.Contains(err.Error(), "lists following types, but no sentence of the subrule says its subtypes are called following types") {
		t.Errorf("got %v", err)
	}
}

func TestSpanishUnknownCategoryIsUnnamed(t *testing.T) {
	f, err := Extract(Spanish, []crtext.Rule{
		{Number: "205.3r", Text: "Los paragones tienen su propio conjunto único de subtipos; estos subtipos se llaman tipos de paragón. Los tipos de paragón son Ascendente y Ejemplar."},
	}, "")
	if err != nil {
		t.Fatal(err)
	}
	key := snapshot.Unnamed("de paragón")
	if !slices.Equal(f.Subtypes[key], []string{"Ascendente", "Ejemplar"}) || f.SubtypeRule[key] != "205.3r" {
		t.Errorf("subtypes %v rules %v", f.Subtypes, f.SubtypeRule)
	}
}

func TestNewManaGroupIsReadByItsParts(t *testing.T) {
	rules := edited(t, func(rs []crtext.Rule) []crtext.Rule {
		i := slices.IndexFunc(rs, func(r crtext.Rule) bool { return r.Number == "107.4" })
		rs[i].Text = strings.TrimSuffix(rs[i].Text, ".") + "; and the colorless Phyrexian symbol {C/P}."
		rs[i].Text = strings.Replace(rs[i].Text, "; and the snow", "; the snow", 1)
		return rs
	})
	f, err := Extract(English, rules, newestDate(t))
	if err != nil {
		t.Fatal(err)
	}
	m := meaningOf(t, f, "{C/P}")
	if got := m.String(); got != "colorless; paid with {C} or 2 life; mana value 1" {
		t.Errorf("{C/P}: %s", got)
	}
	for _, s := range f.ManaSymbols {
		if s.Symbol == "{C/P}" && s.Group != "colorless_phyrexian" {
			t.Errorf("group %q", s.Group)
		}
	}
}

func TestNewManaGroupOfUnknownPartsIsRefused(t *testing.T) {
	rules := edited(t, func(rs []crtext.Rule) []crtext.Rule {
		i := slices.IndexFunc(rs, func(r crtext.Rule) bool { return r.Number == "107.4" })
		rs[i].Text = strings.TrimSuffix(rs[i].Text, ".") + "; and the half symbols {H/W}."
		rs[i].Text = strings.Replace(rs[i].Text, "; and the snow", "; the snow", 1)
		return rs
	})
	_, err := Extract(English, rules, newestDate(t))
	if err == nil || !strings.Contains(err.Error(), `{H/W}: "H" is not a colour rule 107.4a names`) {
		t.Errorf("got %v", err)
	}
}
