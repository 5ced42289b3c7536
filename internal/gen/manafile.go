package gen

import (
	"github.com/dave/jennifer/jen"
)

// maxGenericDigits bounds numeric symbols. Rule 107.4 lists "{0}, {1}, {2},
// {3}, {4}, and so on" without a bound; no card under the rules prints one
// with more than two digits, while joke cards print {1000000}.
const maxGenericDigits = 2

func (m *Model) manaFile() *jen.File {
	f := m.newFile("mana", "Package mana reads and checks mana costs against rule 107.4 of the Magic: The\nGathering Comprehensive Rules: the symbols it defines, their colours (202.2),\nmana value (202.3) and the ways a cost can be paid (107.4e, 107.4f, 107.4h).")
	m.effectiveConsts(f)
	f.Comment("MaxGenericDigits bounds numeric symbols: rule 107.4 lists {0}, {1}, {2}, ...")
	f.Comment("\"and so on\"; no card under the rules prints one of more than two digits.")
	f.Const().Id("MaxGenericDigits").Op("=").Lit(maxGenericDigits)
	f.Comment("Symbol is a mana symbol of rule 107.4 other than the numeric ones, which")
	f.Comment("a Pip carries as a number. The zero value means a numeric (generic) symbol.")
	f.Type().Id("Symbol").Uint8()
	var ids, comments []string
	for _, s := range m.Mana {
		ids, comments = append(ids, "Symbol"+s.Ident), append(comments, s.Text+" "+s.Group)
	}
	iotaConsts(f, "Symbol", ids, comments)
	var infos []jen.Code
	for _, s := range m.Mana {
		var alts []jen.Code
		for _, p := range s.Pay {
			switch p {
			case "life":
				alts = append(alts, jen.Values(jen.Id("altLife"), jen.LitRune(0), jen.Lit(s.Life)))
			case "generic":
				alts = append(alts, jen.Values(jen.Id("altGeneric"), jen.LitRune(0), jen.Lit(s.Generic)))
			case "snow":
				alts = append(alts, jen.Values(jen.Id("altSnow"), jen.LitRune(0), jen.Lit(1)))
			case "X":
				alts = append(alts, jen.Values(jen.Id("altVariable"), jen.LitRune('X'), jen.Lit(0)))
			default:
				alts = append(alts, jen.Values(jen.Id("altMana"), jen.LitRune(rune(p[0])), jen.Lit(1)))
			}
		}
		mv := 1
		switch {
		case s.Group == "variable":
			mv = 0
		case s.Generic > 1:
			mv = s.Generic // 202.3f: the largest component
		}
		infos = append(infos, jen.Values(jen.Dict{
			jen.Id("text"):   jen.Lit(s.Text),
			jen.Id("group"):  jen.Lit(s.Group),
			jen.Id("colors"): jen.Id("colorsOf").Call(jen.Lit(s.Colors)),
			jen.Id("alts"):   jen.Index().Id("alt").Values(alts...),
			jen.Id("mv"):     jen.Lit(mv),
			jen.Id("since"):  jen.Lit(s.Since),
			jen.Id("exact"):  jen.Lit(s.SinceOK),
		}))
	}
	f.Var().Id("_symbolInfo").Op("=").Index(jen.Op("...")).Id("symbolInfo").Values(infos...)
	var cases []jen.Code
	for _, s := range m.Mana {
		cases = append(cases, jen.Case(jen.Lit(s.Text[1:len(s.Text)-1])).Block(jen.Return(jen.Id("Symbol"+s.Ident), jen.True())))
	}
	f.Comment("symbolFor returns the symbol written {body}.")
	f.Func().Id("symbolFor").Params(jen.Id("body").String()).Params(jen.Id("Symbol"), jen.Bool()).Block(
		jen.Switch(jen.Id("body")).Block(cases...),
		jen.Return(jen.Lit(0), jen.False()),
	)
	return f
}
