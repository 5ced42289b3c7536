package gen

import (
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/mtgrules/crgen/internal/names"
)

// switchBaselineFile emits the strongest alternative to the generated
// index that a code generator of the stringer kind would give: for the
// creature types the rules list today, a switch over every printed
// spelling, and one over the same spellings folded to lower case. It is a
// _test.go file of package subtype_test: the lookup benchmarks measure
// subtype.Find beside it, and a rules update regenerates it with the rest.
// Folding the input is hand-written in the benchmark, like the index's.
func (m *Model) switchBaselineFile() *jen.File {
	f := jen.NewFilePathName(ModulePath+"/subtype_test", "subtype_test")
	var creature *Category
	for i := range m.Categories {
		if m.Categories[i].Name == "creature" {
			creature = &m.Categories[i]
		}
	}
	if creature == nil {
		return f
	}
	l := creature.List
	typ := jen.Qual(ModulePath+"/subtype", creature.Type)
	cases := func(fold bool) func(g *jen.Group) {
		return func(g *jen.Group) {
			// Each spelling is one name's, as the index gives it: an
			// English name's first (over another's translation), then in
			// rule order.
			owner := map[string]int{}
			claim := func(v int, spellings ...string) {
				for _, n := range spellings {
					for _, s := range apostropheForms(n) {
						if fold {
							s = names.Fold(s)
						}
						if _, taken := owner[s]; s != "" && !taken {
							owner[s] = v
						}
					}
				}
			}
			for _, v := range l.Order {
				claim(v, l.Values[v-1].EN)
			}
			for _, v := range l.Order {
				claim(v, append([]string{l.Values[v-1].ES}, l.Values[v-1].Forms...)...)
			}
			seen := map[string]bool{}
			for _, v := range l.Order {
				val := l.Values[v-1]
				var lits []jen.Code
				for _, n := range append([]string{val.EN, val.ES}, val.Forms...) {
					for _, s := range apostropheForms(n) {
						if fold {
							s = names.Fold(s)
						}
						if s == "" || seen[s] || owner[s] != v {
							continue
						}
						seen[s] = true
						lits = append(lits, jen.Lit(s))
					}
				}
				if len(lits) > 0 {
					g.Case(lits...).Block(jen.Return(jen.Qual(ModulePath+"/subtype", val.Ident), jen.True()))
				}
			}
		}
	}
	f.Comment("switchCreatureExact finds a creature type the rules list today by a")
	f.Comment("printed spelling, English or Spanish, either apostrophe: the baseline")
	f.Comment("a switch generator gives, measured beside subtype.Find.")
	f.Func().Id("switchCreatureExact").Params(jen.Id("s").String()).Params(typ.Clone(), jen.Bool()).Block(
		jen.Switch(jen.Id("s")).BlockFunc(cases(false)),
		jen.Return(jen.Lit(0), jen.False()),
	)
	f.Comment("switchCreatureFolded is switchCreatureExact for a spelling folded to")
	f.Comment("lower case (ASCII and Latin-1 letters).")
	f.Func().Id("switchCreatureFolded").Params(jen.Id("b").Index().Byte()).Params(typ.Clone(), jen.Bool()).Block(
		jen.Switch(jen.String().Call(jen.Id("b"))).BlockFunc(cases(true)),
		jen.Return(jen.Lit(0), jen.False()),
	)
	return f
}

// apostropheForms returns a name with each kind of apostrophe, as lookups
// accept it.
func apostropheForms(s string) []string {
	if s == "" {
		return nil
	}
	out := []string{s}
	for _, r := range [][2]string{{"’", "'"}, {"'", "’"}} {
		if t := strings.ReplaceAll(s, r[0], r[1]); t != s && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}
