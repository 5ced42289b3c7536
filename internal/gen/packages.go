package gen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// dataFile is generated/internal/data: every list's names, which the
// public packages and the validators read.
func (m *Model) dataFile() *jen.File {
	f := jen.NewFilePathName(dataPkg, "data")
	f.Comment("Effective dates of the rules these tables come from, per language.")
	f.Const().Defs(
		jen.Id("EffectiveEN").Op("=").Lit(m.EN.Effective),
		jen.Id("EffectiveES").Op("=").Lit(m.ES.Effective),
	)
	f.Comment("Rules the validators cite, as the snapshots number them.")
	f.Const().Defs(
		jen.Id("RuleCardTypes").Op("=").Lit(m.CardTypes.Rule),
		jen.Id("RuleSupertypes").Op("=").Lit(m.Supertypes.Rule),
		jen.Id("RuleSubtypes").Op("=").Lit(snapshot.FactNamed(snapshot.FactSubtypes).Rule),
		jen.Id("RuleChoice").Op("=").Lit(m.RuleChoice),
	)
	for _, fact := range snapshot.Generated() {
		l := m.Lists[fact.Name]
		f.Comment(lineComment(fact.Table() + " are the " + fact.Label + " of rule " + l.Rule + "."))
		f.Var().Id(fact.Table()).Op("=").Add(table(fact.Package, fact.Table(), l))
	}
	for _, c := range m.Categories {
		f.Comment(lineComment(c.Type + " lists the " + c.Name + " types of rule " + c.Rule + "."))
		f.Var().Id(c.Type).Op("=").Add(table("subtype", c.Type, c.List))
	}
	m.basicLandsVar(f)
	m.printedData(f)
	f.Comment("CategoriesOf has, for each card type value, bit c set when category c lists its subtypes.")
	f.Var().Id("CategoriesOf").Op("=").Add(m.categoriesOf())
	f.Comment("Categories are the subtype categories of rule 205.3, by value.")
	f.Var().Id("Categories").Op("=").Index().Qual(enumPkg, "Category").Add(rows(func(g *jen.Group) {
		for _, c := range m.Categories {
			var cts []jen.Code
			for _, t := range c.CardTypes {
				cts = append(cts, jen.Lit(m.CardTypes.value(t)))
			}
			g.Values(jen.DictFunc(func(d jen.Dict) {
				d[jen.Id("Name")], d[jen.Id("Rule")], d[jen.Id("Since")], d[jen.Id("Table")] = jen.Lit(c.Name), jen.Lit(c.Rule), jen.Lit(c.Since), jen.Id(c.Type)
				if c.Removed != "" {
					d[jen.Id("Removed")] = jen.Lit(c.Removed)
				} else {
					d[jen.Id("CardTypes")] = jen.Index().Int().Values(cts...)
				}
				if len(c.Gaps) > 0 {
					d[jen.Id("Gaps")] = gapsLit(c.Gaps)
				}
				d[jen.Id("Links")] = jen.Index().Qual(enumPkg, "Link").Add(rows(func(g *jen.Group) {
					for _, l := range c.Links {
						lf := []jen.Code{field("CardType", jen.Lit(m.CardTypes.value(l.CardType))), field("Since", jen.Lit(l.Since))}
						if l.Removed != "" {
							lf = append(lf, field("Removed", jen.Lit(l.Removed)))
						}
						g.Values(lf...).Op(",").Comment(lineComment(l.CardType))
					}
				}))
			})).Op(",")
		}
	}))
	return f
}

// printedData emits what cards print beside the rules: the variants of
// current names, and the names dropped before the history begins. Each
// entry is a few short lines.
func (m *Model) printedData(f *jen.File) {
	var variants, dropped []jen.Code
	if m.Printed != nil {
		for _, v := range m.Printed.Variants {
			l, table := m.listOf(v.List)
			variants = append(variants, jen.Values(jen.Dict{
				jen.Id("Lang"): jen.Lit(v.Lang), jen.Id("Table"): jen.Id(table), jen.Id("Value"): jen.Lit(l.value(v.Current)),
				jen.Id("Printed"): jen.Lit(v.Printed), jen.Id("Why"): jen.Lit(v.Why),
			}))
		}
		for _, d := range m.Printed.Dropped {
			_, table := m.listOf(d.List)
			dropped = append(dropped, jen.Values(jen.Dict{
				jen.Id("Lang"): jen.Lit(d.Lang), jen.Id("Table"): jen.Id(table), jen.Id("Printed"): jen.Lit(d.Printed), jen.Id("What"): jen.Lit(d.What),
			}))
		}
	}
	f.Comment("Variants are spellings cards print of current names that the rules spell differently.")
	f.Var().Id("Variants").Op("=").Index().Qual(enumPkg, "Variant").Add(rows(func(g *jen.Group) {
		for _, v := range variants {
			g.Add(v).Op(",")
		}
	}))
	f.Comment(lineComment("Dropped are names cards print that the rules dropped before " + m.OldestRelease + ", the oldest release the history knows."))
	f.Var().Id("Dropped").Op("=").Index().Qual(enumPkg, "Dropped").Add(rows(func(g *jen.Group) {
		for _, d := range dropped {
			g.Add(d).Op(",")
		}
	}))
	f.Comment("OldestRelease is the oldest English release the history knows.")
	f.Const().Id("OldestRelease").Op("=").Lit(m.OldestRelease)
}

// listOf returns the list of a key and the variable of data.go holding it.
func (m *Model) listOf(key string) (List, string) {
	if f := snapshot.FactNamed(key); f != nil && f.Package != "" {
		return m.Lists[key], f.Table()
	}
	for _, c := range m.Categories {
		if c.Name == key {
			return c.List, c.Type
		}
	}
	must(fmt.Errorf("printed forms name the list %q, which the snapshots do not have", key))
	return List{}, ""
}

// value is the value of a name as the rules print it (card types lower
// case, values title case).
func (l List) value(name string) int {
	for i, v := range l.Values {
		if strings.EqualFold(v.EN, name) {
			return i + 1
		}
	}
	must(fmt.Errorf("%s %q has no value", l.Noun, name))
	return 0
}

// packageFile is the tables.go of a package that serves lists of the
// registry (cardtype: the card types and supertypes; keyword: the keyword
// lists), one enum type each.
func (m *Model) packageFile(pkg string) *jen.File {
	f := jen.NewFilePathName(ModulePath+"/"+pkg, pkg)
	for _, fact := range snapshot.Generated() {
		if fact.Package == pkg {
			enumType(f, enumSpec{Type: fact.Type, Under: fact.Under, Table: fact.Table(), List: m.Lists[fact.Name]})
			if fact.Relation != nil {
				m.relationTable(f, fact)
			}
			switch fact.Name {
			case snapshot.FactTokens:
				m.tokenFaces(f)
			case snapshot.FactKeywordAbilities:
				m.keywordForms(f)
			case snapshot.FactAbilityWords:
				m.keywordWords(f) // the first words of each keyword list's names, and the tokens'
			}
		}
	}
	return f
}

// packages are the packages that serve lists of the registry, in order.
func packages() []string {
	var out []string
	for _, f := range snapshot.Generated() {
		if !slices.Contains(out, f.Package) {
			out = append(out, f.Package)
		}
	}
	return out
}

func (m *Model) subtypeFile() *jen.File {
	f := jen.NewFilePathName(ModulePath+"/subtype", "subtype")
	cats := List{Noun: "category"}
	for _, c := range m.Categories {
		v := Value{EN: c.Name, Ident: "Category" + c.Type, Since: c.Since, Exact: c.Since != m.CardTypes.Values[0].Since}
		if c.Removed != "" {
			v.Removed = c.Removed
		} else {
			cats.Order = append(cats.Order, len(cats.Values)+1)
		}
		cats.Values = append(cats.Values, v)
	}
	cats.Rule = "205.3"
	f.Comment("RuleChoice is the rule on choosing a subtype (\"one, and only one,")
	f.Comment("existing subtype\"), as the current rules number it.")
	f.Const().Id("RuleChoice").Op("=").Lit(m.RuleChoice)
	consts(f, "Category", cats)
	f.Comment("The current categories in rule order.")
	order(f, "categoryOrder", "Category", cats)
	for _, c := range m.Categories {
		enumSpec := enumSpec{Type: c.Type, Under: "uint16", Table: c.Type, Cat: "Category" + c.Type, List: c.List}
		enumType(f, enumSpec)
	}
	f.Comment("orderedValues are the values of the current names of category c, in rule order (named so that no category's <name>Order can take its name).")
	f.Func().Id("orderedValues").Params(jen.Id("c").Id("Category")).Index().Int().Block(
		jen.Switch(jen.Id("c")).BlockFunc(func(g *jen.Group) {
			for _, c := range m.Categories {
				lower := strings.ToLower(c.Type[:1]) + c.Type[1:]
				g.Case(jen.Id("Category" + c.Type)).Return(jen.Qual(enumPkg, "Ints").Call(jen.Id(lower + "Order")))
			}
		}),
		jen.Return(jen.Nil()))
	return f
}

// enumSpec is one enum type of a generated package.
type enumSpec struct {
	Type  string // Go type: "CardType", "Creature"
	Under string // underlying type: uint8 or uint16
	Table string // variable of generated/internal/data holding its names
	Cat   string // for subtype categories, the Category constant
	List
}

// enumType emits an enum's type, constants, rule-order list and methods.
// Each method is one line: the work is done by the hand-written tables of
// generated/internal/enum.
func enumType(f *jen.File, e enumSpec) {
	t := e.Type
	tbl := func() *jen.Statement { return jen.Qual(dataPkg, e.Table) }
	lower := strings.ToLower(t[:1]) + t[1:]
	f.Comment(lineComment(fmt.Sprintf("%s is %s (rule %s). Its zero value is no %s and encodes as \"\".", t, article(e.Noun), e.Rule, e.Noun)))
	f.Type().Id(t).Id(e.Under)
	consts(f, t, e.List)
	f.Comment("The current values in rule order.")
	order(f, lower+"Order", t, e.List)
	recv := func() *jen.Statement { return jen.Func().Params(jen.Id("v").Id(t)) }
	v := func() *jen.Statement { return jen.Int().Call(jen.Id("v")) }
	f.Commentf("String returns the English name, or %s(n) for a number that is no value.", t)
	f.Add(recv().Id("String").Params().String().Block(jen.Return(tbl().Dot("Name").Call(v(), jen.Lit(t)))))
	f.Comment("Spanish returns the Spanish name, or \"\" while no Spanish source names it.")
	f.Add(recv().Id("Spanish").Params().String().Block(jen.Return(tbl().Dot("Spanish").Call(v()))))
	f.Comment("IsValid reports whether the rules list v today; a removed name is not valid.")
	f.Add(recv().Id("IsValid").Params().Bool().Block(jen.Return(tbl().Dot("Current").Call(v()))))
	f.Comment("Since returns the first release listing v; exact is false when that is")
	f.Comment("only the oldest release known.")
	f.Add(recv().Id("Since").Params().Params(jen.Id("release").String(), jen.Id("exact").Bool()).Block(
		jen.Return(tbl().Dot("Since").Call(v()))))
	f.Comment("Removed returns the first release that no longer lists v, if the rules dropped it.")
	f.Add(recv().Id("Removed").Params().Params(jen.Id("release").String(), jen.Id("removed").Bool()).Block(
		jen.Return(tbl().Dot("Removed").Call(v()))))
	f.Comment("ReplacedBy returns the value that replaced v, if the rules renamed it.")
	f.Add(recv().Id("ReplacedBy").Params().Params(jen.Id(t), jen.Bool()).Block(
		jen.List(jen.Id("r"), jen.Id("ok")).Op(":=").Add(tbl()).Dot("ReplacedBy").Call(v()),
		jen.Return(jen.Id(t).Call(jen.Id("r")), jen.Id("ok"))))
	if e.OwnRules {
		f.Commentf("Rule returns the rule of the %s, as the newest release listing it numbers it.", e.Noun)
		f.Add(recv().Id("Rule").Params().String().Block(jen.Return(tbl().Dot("RuleOf").Call(v()))))
	} else {
		f.Commentf("Rule returns the rule that lists the %ss.", e.Noun)
		f.Func().Params(jen.Id(t)).Id("Rule").Params().String().Block(jen.Return(tbl().Dot("Rule")))
	}
	if e.Cat != "" {
		f.Commentf("Category returns %s.", e.Cat)
		f.Func().Params(jen.Id(t)).Id("Category").Params().Id("Category").Block(jen.Return(jen.Id(e.Cat)))
		f.Commentf("Subtype returns v as a Subtype of %s.", e.Cat)
		f.Add(recv().Id("Subtype").Params().Id("Subtype").Block(
			jen.Return(jen.Id("Subtype").Values(field("cat", jen.Id(e.Cat)), field("v", jen.Uint16().Call(jen.Id("v")))))))
	}
	f.Comment("MarshalText returns the English name (\"\" for the zero value).")
	f.Add(recv().Id("MarshalText").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(tbl().Dot("MarshalText").Call(v()))))
	f.Comment("UnmarshalText reads an English or Spanish name in any case, removed names")
	f.Comment("included (data written before a rules update reads back); \"\" is the zero value.")
	f.Func().Params(jen.Id("v").Op("*").Id(t)).Id("UnmarshalText").Params(jen.Id("b").Index().Byte()).Error().Block(
		jen.List(jen.Id("x"), jen.Err()).Op(":=").Add(tbl()).Dot("UnmarshalText").Call(jen.Id("b")),
		jen.If(jen.Err().Op("==").Nil()).Block(jen.Op("*").Id("v").Op("=").Id(t).Call(jen.Id("x"))),
		jen.Return(jen.Err()))
	f.Commentf("Parse%s reads %s by its English or Spanish name, in any case, with either", t, article(e.Noun))
	f.Comment("apostrophe, composed or decomposed (NFC or NFD). A name the rules dropped")
	f.Comment("is a *NameError saying when. It allocates nothing but the error, and the")
	f.Comment("NFC form of a decomposed name.")
	f.Func().Id(funcsOf(t).Parse).Params(jen.Id("s").String()).Params(jen.Id(t), jen.Error()).Block(
		jen.List(jen.Id("v"), jen.Err()).Op(":=").Add(tbl()).Dot("Parse").Call(jen.Id("s")),
		jen.Return(jen.Id(t).Call(jen.Id("v")), jen.Err()))
	f.Commentf("Find%s looks up %s the rules list today by its English or Spanish", t, article(e.Noun))
	f.Comment("name, in any case, with either apostrophe, composed or decomposed. It")
	f.Comment("allocates nothing but the NFC form of a decomposed name.")
	f.Func().Id(funcsOf(t).Find).Params(jen.Id("s").String()).Params(jen.Id(t), jen.Bool()).Block(
		jen.Id("v").Op(":=").Add(tbl()).Dot("FindValue").Call(jen.Id("s")),
		jen.Return(jen.Id(t).Call(jen.Id("v")), jen.Id("v").Op("!=").Lit(0)))
	f.Commentf("%sValues returns the %ss the rules list today, in rule order.", t, e.Noun)
	f.Func().Id(funcsOf(t).Values).Params().Index().Id(t).Block(jen.Return(jen.Qual("slices", "Clone").Call(jen.Id(lower + "Order"))))
	pastReleases(f, e, tbl, recv, v, lower)
	storage(f, e, tbl, recv, v)
}

// pastReleases emits what each value and the list say of past releases:
// Lives, ListedIn, Every<T>, <T>ValuesAsOf, Parse<T>AsOf. Each is one
// line over generated/internal/enum.
func pastReleases(f *jen.File, e enumSpec, tbl, recv, v func() *jen.Statement, lower string) {
	t := e.Type
	ints := func() *jen.Statement { return jen.Qual(enumPkg, "Ints").Call(jen.Id(lower + "Order")) }
	f.Comment("Lives returns the stretches of releases listing v, oldest first: one,")
	f.Comment("unless the rules dropped it and listed it again.")
	f.Add(recv().Id("Lives").Params().Index().Qual(rulesPkg, "Life").Block(jen.Return(tbl().Dot("Lives").Call(v()))))
	f.Comment("ListedIn reports whether the rules in force on date (YYYY-MM-DD) list v.")
	f.Comment("It allocates nothing.")
	f.Add(recv().Id("ListedIn").Params(jen.Id("date").String()).Bool().Block(jen.Return(tbl().Dot("ListedIn").Call(v(), jen.Id("date")))))
	f.Commentf("Every%s returns every %s the rules have listed, removed ones included,", t, e.Noun)
	f.Comment("by value.")
	f.Func().Id(funcsOf(t).Every).Params().Index().Id(t).Block(
		jen.Id("out").Op(":=").Make(jen.Index().Id(t), tbl().Dot("Len").Call()),
		jen.For(jen.Id("i").Op(":=").Range().Id("out")).Block(jen.Id("out").Index(jen.Id("i")).Op("=").Id(t).Call(jen.Id("i").Op("+").Lit(1))),
		jen.Return(jen.Id("out")))
	f.Commentf("%sValuesAsOf returns the %ss the rules in force on date (YYYY-MM-DD)", t, e.Noun)
	f.Comment("listed, in their order then; a *rules.DateError for a date before the")
	f.Comment("oldest release known.")
	f.Func().Id(funcsOf(t).ValuesAsOf).Params(jen.Id("date").String()).Params(jen.Index().Id(t), jen.Error()).Block(
		jen.List(jen.Id("vs"), jen.Err()).Op(":=").Add(tbl()).Dot("ValuesAsOf").Call(jen.Id("date"), ints()),
		jen.Return(jen.Qual(enumPkg, "As").Index(jen.Id(t)).Call(jen.Id("vs")), jen.Err()))
	f.Commentf("Parse%sAsOf reads %s the rules in force on date (YYYY-MM-DD) listed,", t, article(e.Noun))
	f.Comment("in either language and any case: a name they did not list then is a")
	f.Comment("*NameError saying when they listed it.")
	f.Func().Id(funcsOf(t).ParseAsOf).Params(jen.Id("s"), jen.Id("date").String()).Params(jen.Id(t), jen.Error()).Block(
		jen.List(jen.Id("v"), jen.Err()).Op(":=").Add(tbl()).Dot("ParseAsOf").Call(jen.Id("s"), jen.Id("date")),
		jen.Return(jen.Id(t).Call(jen.Id("v")), jen.Err()))
	f.Commentf("%sList says where the rules give the %ss and the release their names", t, e.Noun)
	f.Comment("were read from (rules.List): a newer release recorded from rule pages")
	f.Comment("of other rules did not read them.")
	f.Func().Id(funcsOf(t).List).Params().Qual(rulesPkg, "List").Block(jen.Return(tbl().Dot("Info").Call()))
}

// storage emits how a value is stored: Value and Scan (database/sql),
// UnmarshalJSON (a name or a number).
func storage(f *jen.File, e enumSpec, tbl, recv, v func() *jen.Statement) {
	t := e.Type
	f.Comment("Value stores v in a database as its English name (driver.Valuer); NULL")
	f.Comment("for the zero value. To store its number, which never changes, store int64(v).")
	f.Add(recv().Id("Value").Params().Params(jen.Qual("database/sql/driver", "Value"), jen.Error()).Block(
		jen.Return(tbl().Dot("SQLValue").Call(v()))))
	f.Comment("Scan reads v from a database (sql.Scanner): a name in either language and")
	f.Comment("any case, removed names included, or a number; NULL is the zero value.")
	f.Func().Params(jen.Id("v").Op("*").Id(t)).Id("Scan").Params(jen.Id("src").Any()).Error().Block(
		jen.List(jen.Id("x"), jen.Err()).Op(":=").Add(tbl()).Dot("Scan").Call(jen.Id("src")),
		jen.If(jen.Err().Op("==").Nil()).Block(jen.Op("*").Id("v").Op("=").Id(t).Call(jen.Id("x"))),
		jen.Return(jen.Err()))
	f.Comment("UnmarshalJSON reads a JSON string as UnmarshalText does, or a JSON number")
	f.Comment("that is a value; null leaves v as it is.")
	f.Func().Params(jen.Id("v").Op("*").Id(t)).Id("UnmarshalJSON").Params(jen.Id("b").Index().Byte()).Error().Block(
		jen.List(jen.Id("x"), jen.Id("set"), jen.Err()).Op(":=").Add(tbl()).Dot("DecodeJSON").Call(jen.Id("b")),
		jen.If(jen.Id("set")).Block(jen.Op("*").Id("v").Op("=").Id(t).Call(jen.Id("x"))),
		jen.Return(jen.Err()))
}

func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

func (m *Model) manaFile() *jen.File {
	f := jen.NewFilePathName(ModulePath+"/mana", "mana")
	l := List{Noun: "mana symbol", Rule: snapshot.FactNamed(snapshot.FactMana).Rule}
	at := map[string]int{}
	for i, s := range m.Mana {
		l.Values = append(l.Values, Value{EN: s.Text + " (" + s.Group + ")", Ident: "Symbol" + s.Ident, Since: s.Since, Exact: s.Exact, Removed: s.Removed})
		at[s.Text] = i + 1
	}
	for _, s := range m.EN.ManaSymbols {
		if v, ok := at[s.Symbol]; ok {
			l.Order = append(l.Order, v)
		}
	}
	consts(f, "Symbol", l)
	f.Comment("The current symbols in rule order.")
	order(f, "symbolOrder", "Symbol", l)
	f.Comment("What each symbol means, by value, as the generator read it from rule 107.4.")
	f.Var().Id("symbols").Op("=").Index().Id("symbolInfo").Add(rows(func(g *jen.Group) {
		for _, s := range m.Mana {
			g.Values(symbolFields(s)...).Op(",")
		}
	}))
	// Symbols cards print outside 107.4, valued from PrintedSymbolBase.
	pl := List{Noun: "printed mana symbol", Rule: "107.4"}
	for _, s := range m.PrintedMana {
		v := Value{EN: s.Text + ", printed on cards (\"" + s.Reminder + "\"), not listed by rule 107.4", Ident: "Symbol" + s.Ident}
		if i := at[s.Text]; i != 0 {
			// The release 107.4 first listed it: a date that stays put,
			// not today's, which every update would rewrite.
			v.Removed = m.Mana[i-1].Since
		}
		pl.Values = append(pl.Values, v)
	}
	f.Const().DefsFunc(func(g *jen.Group) {
		for i, v := range pl.Values {
			g.Comment(lineComment(v.EN + "; accepted by ParseCostPrinted."))
			if v.Removed != "" {
				g.Comment("")
				g.Comment(lineComment("Deprecated: rule 107.4 lists " + m.PrintedMana[i].Text + " since " + v.Removed + ": use " + "Symbol" + strings.TrimPrefix(m.PrintedMana[i].Ident, "Printed") + "."))
			}
			g.Id(v.Ident).Id("Symbol").Op("=").Lit(m.PrintedMana[i].Value)
		}
	})
	f.Comment("The symbols cards print outside rule 107.4, from PrintedSymbolBase, with what their reminder text says they mean.")
	f.Var().Id("printedSymbols").Op("=").Index().Id("symbolInfo").Add(rows(func(g *jen.Group) {
		for _, s := range m.PrintedMana {
			fs := append(symbolFields(s), field("printed", jen.True()), field("reminder", jen.Lit(s.Reminder)))
			g.Values(fs...).Op(",")
		}
	}))
	f.Comment("The orders rule 107.4 listed the symbols in before the newest, which holds from symbolOrderFrom (enum.OrderAsOf).")
	f.Var().Id("symbolEpochs").Op("=").Add(epochsLit(m.ManaEpochs, func(v int) string { return m.Mana[v-1].Text }))
	f.Const().Id("symbolOrderFrom").Op("=").Lit(m.ManaOrderFrom)
	r := m.ManaReading
	f.Comment("SymbolList says where the rules give the mana symbols and the release their")
	f.Comment("names were read from (rules.List): a newer release recorded from rule pages")
	f.Comment("of other rules did not read them.")
	var unread []jen.Code
	for _, u := range r.Unread {
		unread = append(unread, jen.Lit(u))
	}
	f.Func().Id("SymbolList").Params().Qual(rulesPkg, "List").Block(jen.Return(jen.Qual(rulesPkg, "NewList").Call(
		jen.Lit(r.Key), jen.Lit(r.Noun), jen.Lit(r.Rule), jen.Id("symbolsAsOf"), jen.Id("symbolsAsOfES"), jen.Id("symbolsUnread"))))
	f.Comment("The releases the English and the Spanish symbols were read from: variables, as")
	f.Comment("they change with every release, where a constant's value never does.")
	f.Var().Defs(jen.Id("symbolsAsOf").Op("=").Lit(r.AsOf), jen.Id("symbolsAsOfES").Op("=").Lit(r.AsOfES))
	f.Comment("symbolsUnread are the English releases the history records that did not read rule 107.4.")
	if len(unread) == 0 {
		f.Var().Id("symbolsUnread").Index().String()
	} else {
		f.Var().Id("symbolsUnread").Op("=").Index().String().Values(unread...)
	}
	f.Comment("symbolIndex finds each symbol by its body, those of rule 107.4 first (a printed symbol 107.4 came to list is found as the rules' own).")
	f.Var().Id("symbolIndex").Op("=").Add(m.symbolIndexLit())
	f.Comment("PrintedSymbolBase is the value of the first symbol cards print outside rule 107.4.")
	f.Const().Id("PrintedSymbolBase").Op("=").Lit(PrintedSymbolBase)
	return f
}

func symbolFields(s ManaSymbol) []jen.Code {
	fs := []jen.Code{field("text", jen.Lit(s.Text)), field("group", jen.Lit(s.Group))}
	if s.Colors != "" {
		var cs []jen.Code
		for _, c := range s.Colors {
			cs = append(cs, jen.Id(colorNames[c]))
		}
		colors := jen.Add(cs[0])
		for _, c := range cs[1:] {
			colors = colors.Op("|").Add(c)
		}
		fs = append(fs, field("colors", colors))
	}
	var alts []jen.Code
	for _, p := range s.Pay {
		switch p {
		case "life":
			alts = append(alts, jen.Values(jen.Id("altLife"), jen.LitRune(0), jen.Lit(s.Life)))
		case "generic":
			alts = append(alts, jen.Values(jen.Id("altGeneric"), jen.LitRune(0), jen.Lit(s.Generic)))
		case "snow":
			alts = append(alts, jen.Values(jen.Id("altSnow"), jen.LitRune(0), jen.Lit(1)))
		case "X", "Y", "Z":
			alts = append(alts, jen.Values(jen.Id("altVariable"), jen.LitRune(rune(p[0])), jen.Lit(0)))
		default:
			alts = append(alts, jen.Values(jen.Id("altMana"), jen.LitRune(rune(p[0])), jen.Lit(1)))
		}
	}
	fs = append(fs, field("alts", jen.Index().Id("alt").Values(alts...)))
	fs = append(fs, field("mv", jen.Lit(s.ManaValue)))
	if s.Since != "" {
		fs = append(fs, field("since", jen.Lit(s.Since)))
	}
	if s.Exact {
		fs = append(fs, field("exact", jen.True()))
	}
	if s.Removed != "" {
		fs = append(fs, field("removed", jen.Lit(s.Removed)))
	}
	if len(s.Gaps) > 0 {
		fs = append(fs, field("gaps", gapsLit(s.Gaps)))
	}
	if s.After != 0 {
		fs = append(fs, field("after", jen.Lit(s.After)))
	}
	return fs
}

var colorNames = map[rune]string{'W': "White", 'U': "Blue", 'B': "Black", 'R': "Red", 'G': "Green"}

// enumFuncs are the functions gen declares for an enum type beside its
// constants: a name of the rules must not become one of them (reserved).
type enumFuncs struct{ Parse, Find, Values, Every, ValuesAsOf, ParseAsOf, List string }

func funcsOf(t string) enumFuncs {
	return enumFuncs{Parse: "Parse" + t, Find: "Find" + t, Values: t + "Values", Every: "Every" + t,
		ValuesAsOf: t + "ValuesAsOf", ParseAsOf: "Parse" + t + "AsOf", List: t + "List"}
}

// reserved are the identifiers of type t and its functions.
func (f enumFuncs) reserved(t string) []string {
	return []string{t, f.Parse, f.Find, f.Values, f.Every, f.ValuesAsOf, f.ParseAsOf, f.List}
}
