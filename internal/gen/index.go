package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mtgrules/crgen/internal/names"
	"github.com/mtgrules/crgen/internal/snapshot"
)

const namesPkg = "github.com/mtgrules/crgen/internal/names"

// The lookup tables are built here, when gen runs, with the same code
// the generated packages look names up with (internal/names), and
// written out as static data: a program that imports a generated package
// builds nothing at start. The tables are laid out so that a name added
// moves little (names.Builder.Build): a rules update changes a few lines
// of index.go per name, keyed by slot, and the tests check every table
// against data.go's names.

// tableIndex is the index of one list's names, current ones marked,
// each spelling placed in the order the rules first printed it (English
// by the name's first listing, Spanish by the first Spanish release
// pairing it): a rules update adds its spellings last, and the index
// moves nothing for them (names.DatedIndex).
func tableIndex(l List) (*names.Index, int) {
	var spellings []names.Dated
	var current []bool
	for i, v := range l.Values {
		current = append(current, v.Removed == "")
		spellings = append(spellings, names.Dated{Text: v.EN, Since: v.Since, V: i + 1})
		since := v.ESSince // Spanish names and their forms: first printed in Spanish
		if v.ES == "" {
			since = v.Since // a keyword's other spellings: with its name
		}
		for _, es := range append([]string{v.ES}, v.Forms...) {
			if es != "" {
				spellings = append(spellings, names.Dated{Text: es, Since: since, V: i + 1, Translated: true})
			}
		}
	}
	x, words, err := names.DatedIndex(spellings, current)
	must(err)
	return x, words
}

// indexVar is the variable of data/index.go holding a table's index.
func indexVar(table string) string {
	return strings.ToLower(table[:1]) + table[1:] + "Index"
}

// vocabulary builds the lexicons of type lines from the lists the tables
// hold, and the printed variants and dropped names in data.go's order.
func (m *Model) vocabulary() (exact, loose names.Lexicon) {
	var lists []names.List
	add := func(k names.Kind, cat int, current bool, l List) {
		nl := names.List{Kind: k, Cat: uint8(cat), Current: current}
		for _, v := range l.Values {
			nl.Names = append(nl.Names, names.Name{EN: v.EN, ES: v.ES, Forms: v.Forms, Current: v.Removed == "", ENSince: v.Since, ESSince: v.ESSince})
		}
		lists = append(lists, nl)
	}
	add(names.KindCardType, 0, true, m.CardTypes)
	add(names.KindSupertype, 0, true, m.Supertypes)
	for i, c := range m.Categories {
		add(names.KindSubtype, i+1, len(c.CardTypes) > 0, c.List)
	}
	var printed []names.Printed
	if m.Printed != nil {
		for _, v := range m.Printed.Variants {
			k, cat := m.kindOf(v.List)
			l, _ := m.listOf(v.List)
			printed = append(printed, names.Printed{Lang: v.Lang, Kind: k, Cat: cat, V: uint16(l.value(v.Current)), Spelling: v.Printed})
		}
		for _, d := range m.Printed.Dropped {
			k, cat := m.kindOf(d.List)
			printed = append(printed, names.Printed{Lang: d.Lang, Kind: k, Cat: cat, Spelling: d.Printed, Dropped: true})
		}
	}
	exact, loose, err := names.BuildVocabulary(lists, printed)
	must(err)
	return exact, loose
}

// kindOf is the kind and category value of a list key.
func (m *Model) kindOf(key string) (names.Kind, uint8) {
	switch key {
	case "card_types":
		return names.KindCardType, 0
	case "supertypes":
		return names.KindSupertype, 0
	}
	for i, c := range m.Categories {
		if c.Name == key {
			return names.KindSubtype, uint8(i + 1)
		}
	}
	must(fmt.Errorf("printed forms name the list %q, which the snapshots do not have", key))
	return 0, 0
}

// indexFile is generated/internal/data/index.go: every table's index and
// the two lexicons of type lines.
func (m *Model) indexFile() *jen.File {
	f := jen.NewFilePathName(dataPkg, "data")
	f.Comment("The index of each table, built by gen (internal/names): see data.go for the names.")
	f.Var().DefsFunc(func(g *jen.Group) {
		for _, t := range m.tables() {
			x, _ := tableIndex(t.list)
			g.Id(indexVar(t.name)).Op("=").Add(indexLit(x))
		}
	})
	exact, loose := m.vocabulary()
	f.Comment("Exact is the vocabulary of type lines: every spelling of every list, the printed variants and")
	f.Comment("dropped names, as the rules print them (any case, either apostrophe).")
	f.Var().Id("Exact").Op("=").Add(lexiconLit(exact))
	f.Comment("Loose is the same vocabulary loosened (names.LooseKey), for printed mode.")
	f.Var().Id("Loose").Op("=").Add(lexiconLit(loose))
	return f
}

// namedTable is a list and the variable of data.go holding it.
type namedTable struct {
	name string
	list List
}

func (m *Model) tables() []namedTable {
	var out []namedTable
	for _, f := range snapshot.Generated() {
		out = append(out, namedTable{f.Table(), m.Lists[f.Name]})
	}
	for _, c := range m.Categories {
		out = append(out, namedTable{c.Type, c.List})
	}
	return out
}

// raw is a number written as is.
func raw(format string, v any) jen.Code { return jen.Op(fmt.Sprintf(format, v)) }

// indexLit writes an index: its slots sparse (only the full ones, by
// position; the last one sets the length).
func indexLit(x *names.Index) jen.Code {
	n := len(x.Slots)
	slots := jen.Index().Qual(namesPkg, "Slot").Add(rows(func(g *jen.Group) {
		for i, sl := range x.Slots {
			if sl.N == 0 && i != n-1 {
				continue
			}
			if sl.N == 0 {
				g.Add(raw("%d", i)).Op(":").Values().Op(",")
				continue
			}
			g.Add(raw("%d", i)).Op(":").Values(slotFields(sl)...).Op(",")
		}
	}))
	fields := jen.Dict{
		jen.Id("Slots"): slots,
		jen.Id("Shift"): raw("%d", x.Shift),
		jen.Id("Seed"):  raw("%#x", x.Seed),
	}
	if len(x.Long) > 0 {
		fields[jen.Id("Long")] = jen.Index().String().Add(rows(func(g *jen.Group) {
			for _, l := range x.Long {
				g.Lit(l).Op(",")
			}
		}))
	}
	return jen.Qual(namesPkg, "Index").Values(fields)
}

// slotFields are a slot's fields, keyed (as go vet wants a struct of
// another package written), zero ones left out.
func slotFields(sl names.Slot) []jen.Code {
	fs := []jen.Code{field("A", raw("%#x", sl.A)), field("B", raw("%#x", sl.B))}
	if sl.Letters != 0 {
		fs = append(fs, field("Letters", raw("%#x", sl.Letters)))
	}
	fs = append(fs, field("V", raw("%d", sl.V)))
	if sl.Long != 0 {
		fs = append(fs, field("Long", raw("%d", sl.Long)))
	}
	fs = append(fs, field("N", raw("%d", sl.N)))
	if sl.Marked {
		fs = append(fs, field("Marked", jen.True()))
	}
	return fs
}

// lexiconLit writes a lexicon: its index and its words, one per line.
func lexiconLit(lx names.Lexicon) jen.Code {
	words := jen.Index().Qual(namesPkg, "Word").Add(rows(func(g *jen.Group) {
		for i, w := range lx.Words {
			if w.Phrase == 0 { // an empty slot (every word has a phrase of at least 1)
				if i == len(lx.Words)-1 {
					g.Add(raw("%d", i)).Op(":").Values().Op(",") // the length
				}
				continue
			}
			var senses []jen.Code
			for _, s := range w.Senses {
				fs := []jen.Code{field("Kind", raw("%d", s.Kind))}
				if s.Cat != 0 {
					fs = append(fs, field("Cat", raw("%d", s.Cat)))
				}
				if s.V != 0 {
					fs = append(fs, field("V", raw("%d", s.V)))
				}
				fs = append(fs, field("Langs", raw("%d", s.Langs)))
				if s.Form != 0 {
					fs = append(fs, field("Form", raw("%d", s.Form)), field("Ref", raw("%d", s.Ref)))
				}
				if s.Cur {
					fs = append(fs, field("Cur", jen.True()))
				}
				senses = append(senses, jen.Values(fs...))
			}
			fs := []jen.Code{field("Senses", jen.Index().Qual(namesPkg, "Sense").Values(senses...)), field("Phrase", raw("%d", w.Phrase))}
			if w.Today != ([2]names.Today{}) {
				fs = append(fs, field("Today", jen.Index(jen.Lit(2)).Qual(namesPkg, "Today").Values(
					jen.Values(todayFields(w.Today[0])...), jen.Values(todayFields(w.Today[1])...))))
			}
			g.Add(raw("%d", i)).Op(":").Values(fs...).Op(",")
		}
	}))
	return jen.Qual(namesPkg, "Lexicon").Values(jen.Dict{jen.Id("Index"): indexLit(&lx.Index), jen.Id("Words"): words})
}

func todayFields(t names.Today) []jen.Code {
	var fs []jen.Code
	for _, f := range []struct {
		name string
		v    int
	}{{"CardType", int(t.CardType)}, {"Supertype", int(t.Supertype)}, {"Cat", int(t.Cat)}, {"Sub", int(t.Sub)}} {
		if f.v != 0 {
			fs = append(fs, field(f.name, raw("%d", f.v)))
		}
	}
	return fs
}

// categoriesOf has, for each card type value, bit c set when category c
// lists its subtypes (205.3d's correlation, as the tables hold it).
func (m *Model) categoriesOf() jen.Code {
	bits := make([]uint32, len(m.CardTypes.Values)+1)
	for i, c := range m.Categories {
		for _, ct := range c.CardTypes {
			bits[m.CardTypes.value(ct)] |= 1 << (i + 1)
		}
	}
	var vals []jen.Code
	for _, b := range bits {
		vals = append(vals, jen.Op(strconv.FormatUint(uint64(b), 10)))
	}
	return jen.Index(jen.Op("...")).Uint32().Values(vals...)
}

// symbolIndexLit is the index of the mana symbols by body: 107.4's, then
// the printed ones.
func (m *Model) symbolIndexLit() jen.Code {
	var bodies []string
	var values []int
	for _, s := range append(slices.Clone(m.Mana), m.PrintedMana...) {
		bodies = append(bodies, strings.Trim(s.Text, "{}"))
		values = append(values, s.Value)
	}
	x, err := names.BuildSymbolIndex(bodies, values)
	must(err)
	return jen.Qual(namesPkg, "SymbolIndex").Add(rows(func(g *jen.Group) {
		for i, sl := range x {
			if sl.Sym != 0 {
				g.Add(raw("%d", i)).Op(":").Values(field("Key", raw("%#x", sl.Key)), field("Sym", raw("%d", sl.Sym))).Op(",")
			}
		}
	}))
}
