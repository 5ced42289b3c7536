package gen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// maxKeyFor is the buffer size lookups fold names into: the longest key,
// with room to spare for a few more bytes of case folding.
func maxKeyFor(entries ...[]Entry) int {
	n := 0
	for _, es := range entries {
		for _, e := range es {
			for _, s := range append([]string{e.EN, e.ES}, e.Forms...) {
				n = max(n, len(foldKey(s)))
			}
		}
	}
	return n + 8
}

func (m *Model) effectiveConsts(f *jen.File) {
	f.Comment("Effective dates of the rules these tables come from, per language.")
	f.Const().Defs(
		jen.Id("EffectiveEN").Op("=").Lit(m.EN.Effective),
		jen.Id("EffectiveES").Op("=").Lit(m.ES.Effective),
	)
}

func (m *Model) cardtypeFile() *jen.File {
	f := m.newFile("cardtype", "Package cardtype lists the card types (rule 205.2a) and supertypes (rule 205.4a)\nof the Magic: The Gathering Comprehensive Rules, in English and Spanish.")
	m.effectiveConsts(f)
	f.Const().Id("maxKey").Op("=").Lit(maxKeyFor(m.CardTypes, m.Supertypes))
	must(m.enum(f, enumSpec{Type: "CardType", Under: "uint8", Noun: "card type", Rule: snapshot.FactRule[snapshot.FactCardTypes], Values: m.CardTypes}, true))
	must(m.enum(f, enumSpec{Type: "Supertype", Under: "uint8", Noun: "supertype", Rule: snapshot.FactRule[snapshot.FactSupertypes], Values: m.Supertypes}, true))
	return f
}

func (m *Model) subtypeFile() *jen.File {
	f := m.newFile("subtype", "Package subtype lists the subtypes of rule 205.3 of the Magic: The Gathering\nComprehensive Rules, one Go type per category, in English and Spanish, and\nwhich card types each category goes with (rules 205.3c and 205.3d).")
	ct := ModulePath + "/cardtype"
	m.effectiveConsts(f)
	var all [][]Entry
	for _, c := range m.Categories {
		all = append(all, c.Values)
	}
	f.Const().Id("maxKey").Op("=").Lit(maxKeyFor(all...))
	choice, err := choiceRule(m.EN)
	must(err)
	f.Comment("RuleChoice is the rule on choosing a subtype (\"one, and only one, existing subtype\").")
	f.Const().Id("RuleChoice").Op("=").Lit(choice)
	f.Comment("MaxWords is the most words any subtype name has, in either language.")
	f.Const().Id("MaxWords").Op("=").Lit(m.MaxPhraseWords)

	// Category enum.
	f.Comment("Category is a subtype category of rule 205.3, named by the rule's own words.")
	f.Type().Id("Category").Uint8()
	var ids, comments []string
	for _, c := range m.Categories {
		ids, comments = append(ids, "Category"+c.Type), append(comments, c.Name+" types, rule "+c.Rule)
	}
	iotaConsts(f, "Category", ids, comments)
	var names, rules []jen.Code
	var cardTypes []jen.Code
	for _, c := range m.Categories {
		names = append(names, jen.Lit(c.Name))
		rules = append(rules, jen.Lit(c.Rule))
		var cts []jen.Code
		for _, t := range c.CardTypes {
			id, _ := Ident("", title(t))
			cts = append(cts, jen.Qual(ct, id))
		}
		cardTypes = append(cardTypes, jen.Values(cts...))
	}
	f.Var().Defs(
		jen.Id("_categoryNames").Op("=").Index(jen.Op("...")).String().Values(names...),
		jen.Id("_categoryRules").Op("=").Index(jen.Op("...")).String().Values(rules...),
		jen.Id("_categoryCardTypes").Op("=").Index(jen.Op("...")).Index().Qual(ct, "CardType").Values(cardTypes...),
	)
	f.Comment("IsValid reports whether c is a category.")
	f.Func().Params(jen.Id("c").Id("Category")).Id("IsValid").Params().Bool().Block(
		jen.Return(jen.Id("c").Op(">=").Lit(1).Op("&&").Int().Call(jen.Id("c")).Op("<=").Len(jen.Id("_categoryNames"))))
	f.Comment("String returns the category's name (\"creature\").")
	f.Func().Params(jen.Id("c").Id("Category")).Id("String").Params().String().Block(
		jen.If(jen.Op("!").Id("c").Dot("IsValid").Call()).Block(jen.Return(jen.Lit("Category(").Op("+").Qual("strconv", "Itoa").Call(jen.Int().Call(jen.Id("c"))).Op("+").Lit(")"))),
		jen.Return(jen.Id("_categoryNames").Index(jen.Id("c").Op("-").Lit(1))))
	f.Comment("Rule returns the subrule of 205.3 that lists the category.")
	f.Func().Params(jen.Id("c").Id("Category")).Id("Rule").Params().String().Block(
		jen.If(jen.Op("!").Id("c").Dot("IsValid").Call()).Block(jen.Return(jen.Lit(""))),
		jen.Return(jen.Id("_categoryRules").Index(jen.Id("c").Op("-").Lit(1))))
	f.Comment("CardTypes returns the card types whose subtypes the category lists")
	f.Comment("(creature types go with creature and kindred, spell types with instant and sorcery).")
	f.Func().Params(jen.Id("c").Id("Category")).Id("CardTypes").Params().Index().Qual(ct, "CardType").Block(
		jen.If(jen.Op("!").Id("c").Dot("IsValid").Call()).Block(jen.Return(jen.Nil())),
		jen.Return(jen.Qual("slices", "Clone").Call(jen.Id("_categoryCardTypes").Index(jen.Id("c").Op("-").Lit(1)))))
	f.Comment("Has reports whether the category lists subtypes of card type t. It allocates nothing.")
	f.Func().Params(jen.Id("c").Id("Category")).Id("Has").Params(jen.Id("t").Qual(ct, "CardType")).Bool().Block(
		jen.Return(jen.Id("c").Dot("IsValid").Call().Op("&&").Qual("slices", "Contains").Call(jen.Id("_categoryCardTypes").Index(jen.Id("c").Op("-").Lit(1)), jen.Id("t"))))
	var masks []jen.Code
	for _, t := range m.CardTypes {
		mask := 0
		for i, c := range m.Categories {
			for _, x := range c.CardTypes {
				if x == t.EN {
					mask |= 1 << i
				}
			}
		}
		masks = append(masks, jen.Lit(mask))
	}
	f.Var().Id("_cardTypeMasks").Op("=").Index(jen.Op("...")).Uint32().Values(masks...)
	f.Comment("Mask returns the categories whose subtypes card type t can have, as a bit set:")
	f.Comment("bit c-1 is set for category c. It allocates nothing.")
	f.Func().Id("Mask").Params(jen.Id("t").Qual(ct, "CardType")).Uint32().Block(
		jen.If(jen.Op("!").Id("t").Dot("IsValid").Call()).Block(jen.Return(jen.Lit(0))),
		jen.Return(jen.Id("_cardTypeMasks").Index(jen.Id("t").Op("-").Lit(1))))
	f.Comment("Categories returns every category in rule order.")
	f.Func().Id("Categories").Params().Index().Id("Category").Block(
		jen.Id("out").Op(":=").Make(jen.Index().Id("Category"), jen.Len(jen.Id("_categoryNames"))),
		jen.For(jen.Id("i").Op(":=").Range().Id("out")).Block(jen.Id("out").Index(jen.Id("i")).Op("=").Id("Category").Call(jen.Id("i").Op("+").Lit(1))),
		jen.Return(jen.Id("out")))
	f.Comment("For returns the categories whose subtypes a card type can have.")
	f.Func().Id("For").Params(jen.Id("t").Qual(ct, "CardType")).Index().Id("Category").Block(
		jen.Var().Id("out").Index().Id("Category"),
		jen.For(jen.List(jen.Id("i"), jen.Id("cts")).Op(":=").Range().Id("_categoryCardTypes")).Block(
			jen.If(jen.Qual("slices", "Contains").Call(jen.Id("cts"), jen.Id("t"))).Block(
				jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("Category").Call(jen.Id("i").Op("+").Lit(1))))),
		jen.Return(jen.Id("out")))

	// First words of multi-word names, so a type line tries a phrase only
	// where one can start.
	starts := map[string]int{}
	for _, c := range m.Categories {
		for _, v := range c.Values {
			for _, n := range []string{v.EN, v.ES} {
				w := strings.Fields(n)
				if len(w) > 1 {
					k := foldKey(w[0])
					starts[k] = max(starts[k], len(w))
				}
			}
		}
	}
	var startKeys []string
	for k := range starts {
		startKeys = append(startKeys, k)
	}
	sort.Strings(startKeys)
	size, slots := hashTable(startKeys)
	var startEntries []jen.Code
	for i, k := range slots {
		if k != "" {
			startEntries = append(startEntries, jen.Lit(i).Op(":").Values(jen.Lit(k), jen.Lit(starts[k])))
		}
	}
	f.Var().Id("_phraseStarts").Op("=").Index(jen.Lit(size)).Struct(jen.Id("key").String(), jen.Id("v").Int()).Values(startEntries...)
	f.Comment("Key is a name folded and hashed once, to look it up in several categories")
	f.Comment("(FindKey, WordsFromKey) without folding it again.")
	f.Type().Id("Key").Struct(jen.Id("k").Id("key"))
	f.Comment("MakeKey folds and hashes name; false if name is too long to be any subtype.")
	f.Func().Id("MakeKey").Params(jen.Id("name").String()).Params(jen.Id("k").Id("Key"), jen.Id("ok").Bool()).Block(
		jen.Id("ok").Op("=").Id("k").Dot("k").Dot("set").Call(jen.Id("name")),
		jen.Return(),
	)
	f.Comment("WordsFrom returns the most words a subtype name starting with word can have:")
	f.Comment("1 unless word begins a multi-word name (\"Time\" of Time Lord). It allocates nothing.")
	f.Func().Id("WordsFrom").Params(jen.Id("word").String()).Int().Block(
		jen.Var().Id("k").Id("Key"),
		jen.If(jen.Op("!").Id("k").Dot("k").Dot("set").Call(jen.Id("word"))).Block(jen.Return(jen.Lit(1))),
		jen.Return(jen.Id("WordsFromKey").Call(jen.Op("&").Id("k"))),
	)
	f.Comment("WordsFromKey is WordsFrom for a key made by MakeKey.")
	f.Func().Id("WordsFromKey").Params(jen.Id("key").Op("*").Id("Key")).Int().Block(
		jen.Id("k").Op(":=").Op("&").Id("key").Dot("k"),
		jen.For(jen.Id("i").Op(":=").Id("k").Dot("h").Op("&").Lit(size-1), jen.Empty(), jen.Id("i").Op("=").Parens(jen.Id("i").Op("+").Lit(1)).Op("&").Lit(size-1)).Block(
			jen.Id("e").Op(":=").Op("&").Id("_phraseStarts").Index(jen.Id("i")),
			jen.If(jen.Id("e").Dot("key").Op("==").Lit("")).Block(jen.Return(jen.Lit(1))),
			jen.If(jen.Id("k").Dot("equal").Call(jen.Id("e").Dot("key"))).Block(jen.Return(jen.Id("e").Dot("v"))),
		),
	)

	// Subtype: a value of any category.
	f.Comment("Subtype is a subtype of any category: its category and its value within it.")
	f.Type().Id("Subtype").Struct(jen.Id("Category").Id("Category"), jen.Id("Value").Uint16())
	var strCases, esCases, keyCases []jen.Code
	for _, c := range m.Categories {
		strCases = append(strCases, jen.Case(jen.Id("Category"+c.Type)).Block(jen.Return(jen.Id(c.Type).Call(jen.Id("s").Dot("Value")).Dot("String").Call())))
		esCases = append(esCases, jen.Case(jen.Id("Category"+c.Type)).Block(jen.Return(jen.Id(c.Type).Call(jen.Id("s").Dot("Value")).Dot("Spanish").Call())))
		keyCases = append(keyCases, jen.Case(jen.Id("Category"+c.Type)).Block(
			jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Id("lookup"+c.Type+"Key").Call(jen.Op("&").Id("k").Dot("k")),
			jen.Return(jen.Id("Subtype").Values(jen.Id("c"), jen.Uint16().Call(jen.Id("v"))), jen.Id("ok"))))
	}
	f.Comment("String returns the English name.")
	f.Func().Params(jen.Id("s").Id("Subtype")).Id("String").Params().String().Block(
		jen.Switch(jen.Id("s").Dot("Category")).Block(strCases...), jen.Return(jen.Lit("Subtype(invalid)")))
	f.Comment("Spanish returns the Spanish name.")
	f.Func().Params(jen.Id("s").Id("Subtype")).Id("Spanish").Params().String().Block(
		jen.Switch(jen.Id("s").Dot("Category")).Block(esCases...), jen.Return(jen.Lit("Subtype(invalid)")))
	f.Comment("Find looks name up (English or Spanish, any case, either apostrophe) in one")
	f.Comment("category. It allocates nothing.")
	f.Func().Id("Find").Params(jen.Id("c").Id("Category"), jen.Id("name").String()).Params(jen.Id("Subtype"), jen.Bool()).Block(
		jen.Var().Id("k").Id("Key"),
		jen.If(jen.Op("!").Id("k").Dot("k").Dot("set").Call(jen.Id("name"))).Block(jen.Return(jen.Id("Subtype").Values(), jen.False())),
		jen.Return(jen.Id("FindKey").Call(jen.Id("c"), jen.Op("&").Id("k"))))
	f.Comment("FindKey is Find for a key made by MakeKey.")
	f.Func().Id("FindKey").Params(jen.Id("c").Id("Category"), jen.Id("k").Op("*").Id("Key")).Params(jen.Id("Subtype"), jen.Bool()).Block(
		jen.Switch(jen.Id("c")).Block(keyCases...), jen.Return(jen.Id("Subtype").Values(), jen.False()))

	for _, c := range m.Categories {
		must(m.enum(f, enumSpec{Type: c.Type, Under: "uint16", Noun: c.Name + " type", Rule: c.Rule, Values: c.Values, Category: c.Name}, false))
		f.Comment("Category returns Category" + c.Type + ".")
		f.Func().Params(jen.Id(c.Type)).Id("Category").Params().Id("Category").Block(jen.Return(jen.Id("Category" + c.Type)))
	}
	return f
}

// choiceRule finds the subrule of 205.3 on choosing a subtype by its words,
// not its letter.
func choiceRule(en *snapshot.Snapshot) (string, error) {
	for n, t := range en.Rules {
		if strings.HasPrefix(n, "205.3") && strings.Contains(t, "choose a subtype") && strings.Contains(t, "only one") {
			return n, nil
		}
	}
	return "", fmt.Errorf("no subrule of 205.3 says how to choose a subtype (\"choose a subtype ... only one\")")
}

func (m *Model) typelineFile() *jen.File {
	f := m.newFile("typeline", "")
	f.Comment("Rules the validator cites, as the snapshots number them.")
	f.Const().Defs(
		jen.Id("ruleCardTypes").Op("=").Lit(snapshot.FactRule[snapshot.FactCardTypes]),
		jen.Id("ruleSupertypes").Op("=").Lit(snapshot.FactRule[snapshot.FactSupertypes]),
		jen.Id("subtypeRule").Op("=").Lit(snapshot.FactRule[snapshot.FactSubtypes]),
	)
	return f
}

func must(err error) {
	if err != nil {
		panic(genError{err})
	}
}

// genError carries an error out of the emitters, which build files
// with jennifer's fluent calls and have no error returns of their own.
type genError struct{ error }
