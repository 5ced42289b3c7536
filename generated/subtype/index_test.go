package subtype_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/internal/names"
)

// The indexes gen wrote as static data (index.go) are the ones the
// names of data.go build, slot for slot, and find every name.
func TestStaticIndexesMatchTheNames(t *testing.T) {
	tables := []*enum.Table{data.CardTypes, data.Supertypes}
	for i := range data.Categories {
		tables = append(tables, data.Categories[i].Table)
	}
	for _, tb := range tables {
		var current []bool
		for v := 1; v <= tb.Len(); v++ {
			e := tb.Entry(v)
			current = append(current, e.Removed == "")
			for _, n := range e.Names() {
				got, ok := tb.Lookup(n)
				// A spelling a removed name shares with a current one (the
				// Spanish a renamed name kept) is the current name's.
				shared := e.Removed != "" && ok && tb.Entry(got).Removed == "" && slices.ContainsFunc(tb.Entry(got).Names(), func(m string) bool { return strings.EqualFold(m, n) })
				// A translation that is another current name's English is
				// that name's (names.DatedIndex).
				shared = shared || ok && got != v && tb.Entry(got).Removed == "" && strings.EqualFold(strings.ReplaceAll(tb.Entry(got).EN, "'", "’"), strings.ReplaceAll(n, "'", "’"))
				if !ok || got != v && !shared {
					t.Errorf("%s: Lookup(%q) = %d, %v; want %d", tb.Noun, n, got, ok, v)
				}
				if got, ok := tb.Find(n); (ok != (e.Removed == "") || ok && got != v) && !shared {
					t.Errorf("%s: Find(%q) = %d, %v; current %v", tb.Noun, n, got, ok, e.Removed == "")
				}
			}
		}
		built, words, err := names.DatedIndex(tb.Spellings(), current)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*built, *tb.Index) || words != tb.MaxWords() {
			t.Errorf("%s: the static index is not the one its names build", tb.Noun)
		}
	}
	// Every spelling of every table is a word of the vocabulary, naming
	// its value.
	for _, tb := range tables {
		for v := 1; v <= tb.Len(); v++ {
			for _, n := range tb.Entry(v).Names() {
				w := data.Exact.Lookup(n)
				found := false
				for i := 0; w != nil && i < len(w.Senses); i++ {
					found = found || int(w.Senses[i].V) == v && w.Senses[i].Form == names.FormRules
				}
				if !found {
					t.Errorf("%s %q: not in the vocabulary as value %d", tb.Noun, n, v)
				}
			}
		}
	}
}
