package export

import (
	"bytes"
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/mtgrules/crgen"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/schematest"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/schemas"
)

// scrape export takes any snapshot, among them one a user wrote or one
// scrape extract printed from a document nobody checked. FuzzExport puts
// a fuzzed name in one place of a recorded release (a card type, a
// supertype, a subtype list, a keyword list, the card types a subtype
// list goes with) and exports it: refused with an error, or two files in
// MTGJSON's shapes that read back strictly to what was built, write back
// to the same bytes, and hold every name of the snapshot's lists once,
// the fuzzed one included.
func FuzzExport(f *testing.F) {
	for _, name := range []string{"Paragon", "Urza’s", "For Mirrodin!", "null", "\"],\"x\":[\"", "<b>", "a\u0000b", "\xff", "Ñandú", "   "} {
		for where := range uint8(7) {
			f.Add(name, where)
		}
	}
	whole := corpus.Snapshot(f, "en", "2026-02-27")
	categories := slices.Sorted(maps.Keys(whole.Subtypes))
	sch := schematest.Compile(f)
	f.Fuzz(func(t *testing.T, name string, where uint8) {
		s := withName(whole, categories, name, where)
		b, err := snapshot.Marshal(s)
		if err != nil {
			return
		}
		if s, err = snapshot.Unmarshal(b); err != nil {
			return // refused before export reads it, as scrape export does
		}
		m, err := Build(s, nil)
		if err != nil {
			return
		}
		files, err := m.Files()
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if file.Name == crgen.NoticeFile {
				if string(file.Data) != crgen.Notice {
					t.Errorf("NOTICE is not the repository's: %q", file.Data)
				}
				continue
			}
			schematest.Check(t, sch[schemas.ForExport[file.Name]], file.Name, file.Data)
		}
		kb, cb := fileData(files, KeywordsFile), fileData(files, CardTypesFile)
		k, err := ReadKeywords(kb)
		if err != nil {
			t.Fatalf("Keywords.json does not read back: %v\n%s", err, kb)
		}
		c, err := ReadCardTypes(cb)
		if err != nil {
			t.Fatalf("CardTypes.json does not read back: %v\n%s", err, cb)
		}
		if !reflect.DeepEqual(*k, m.Keywords) || !reflect.DeepEqual(*c, m.CardTypes) {
			t.Fatalf("read back differs from what was written:\n%s\n%s", kb, cb)
		}
		for _, again := range []struct {
			v    any
			want []byte
		}{{k, kb}, {c, cb}} {
			if b, err := snapshot.MarshalFile(again.v); err != nil || !bytes.Equal(b, again.want) {
				t.Fatalf("written again: %v\n%s\nwant\n%s", err, b, again.want)
			}
		}
		checkShape(t, KeywordsFile, kb, &mtgjsonKeywords{})
		checkShape(t, CardTypesFile, cb, &mtgjsonCardTypes{})
		for _, field := range m.Keywords.Data.lists() {
			fact := snapshot.FactNamed(field.fact)
			for _, n := range fact.Get(s) {
				if fact.TitleCase {
					n = capitalised(n)
				}
				if !slices.Contains(*field.dst, n) {
					t.Errorf("%s: %q of the snapshot is not in Keywords.json", fact.Label, n)
				}
			}
		}
		for _, ct := range s.CardTypes {
			if _, ok := c.Data[ct]; !ok {
				t.Errorf("card type %q of the snapshot has no key in CardTypes.json", ct)
			}
		}
		for category, names := range s.Subtypes {
			for _, n := range names {
				if !inSomeSubTypes(c, n) {
					t.Errorf("%s type %q of the snapshot is in no subTypes", category, n)
				}
			}
		}
	})
}

// withName is a copy of s with name in the place where picks.
func withName(s *snapshot.Snapshot, categories []string, name string, where uint8) *snapshot.Snapshot {
	c := *s
	c.CardTypes = slices.Clone(s.CardTypes)
	c.Supertypes = slices.Clone(s.Supertypes)
	c.Subtypes = maps.Clone(s.Subtypes)
	c.SubtypeCardTypes = maps.Clone(s.SubtypeCardTypes)
	c.Lists = maps.Clone(s.Lists)
	category := categories[int(where)%len(categories)]
	switch where % 7 {
	case 0:
		c.CardTypes = append(c.CardTypes, name)
	case 1:
		c.Supertypes = append(c.Supertypes, name)
	case 2:
		c.Subtypes[category] = append(slices.Clone(c.Subtypes[category]), name)
	case 3, 4, 5:
		lists := []string{snapshot.FactAbilityWords, snapshot.FactKeywordAbilities, snapshot.FactKeywordActions}
		f := snapshot.FactNamed(lists[where%7-3])
		f.Set(&c, append(slices.Clone(f.Get(s)), name))
	case 6:
		c.SubtypeCardTypes[category] = append(slices.Clone(c.SubtypeCardTypes[category]), name)
	}
	return &c
}

func inSomeSubTypes(c *CardTypes, name string) bool {
	for _, t := range c.Data {
		if slices.Contains(t.SubTypes, name) {
			return true
		}
	}
	return false
}
