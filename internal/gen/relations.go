package gen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// relations finds, for each fact with a relation (snapshot.Fact.Relation),
// the word each value is tied to, as the newest release listing the value
// gives it: a name dropped by the rules keeps the tie it last had.
func (m *Model) relations(enHistory []*snapshot.Snapshot) error {
	m.Related = map[string][]string{}
	for _, f := range snapshot.Generated() {
		rel := f.Relation
		if rel == nil {
			continue
		}
		l := m.Lists[f.Name]
		words := make([]string, len(l.Values)+1)
		for _, s := range enHistory {
			names := s.List(f.Name)
			for _, n := range names {
				w := s.Relations[f.Name][n]
				if rel.SameName {
					w = n
				}
				if w == "" {
					return fmt.Errorf("%s@%s: the %s %q has no %s: every %s of a release is tied to one", s.Lang, s.Effective, f.Noun, n, strings.ToLower(rel.Method), f.Noun)
				}
				v, ok := l.find(n)
				if !ok {
					return fmt.Errorf("%s@%s: the %s %q has no value", s.Lang, s.Effective, f.Noun, n)
				}
				words[v] = w
			}
		}
		if rel.To != "" {
			to := m.Lists[rel.To]
			for v, w := range words[1:] {
				if _, ok := to.find(w); !ok {
					return fmt.Errorf("the %s %q is tied to %q, which no %s ever was", f.Noun, l.Values[v].EN, w, to.Noun)
				}
			}
		}
		m.Related[f.Name] = words
	}
	return nil
}

// find is the value of a name as the rules print it, in any case.
func (l List) find(name string) (int, bool) {
	for i, v := range l.Values {
		if strings.EqualFold(v.EN, name) {
			return i + 1, true
		}
	}
	return 0, false
}

// relationTable emits the table of fact f's relation, keyed by constant
// ("var stepPhases = [...]Phase{StepUntap: PhaseBeginning, ...}"), and its
// accessor, one line over enum.At.
func (m *Model) relationTable(f *jen.File, fact *snapshot.Fact) {
	rel, l := fact.Relation, m.Lists[fact.Name]
	words := m.Related[fact.Name]
	name := strings.ToLower(fact.Type[:1]) + fact.Type[1:] + plural(rel.Method) // counterAbilities, zoneVisibilities
	var to List
	elem := jen.String()
	if rel.To != "" {
		to = m.Lists[rel.To]
		elem = jen.Id(snapshot.FactNamed(rel.To).Type)
	}
	what := strings.ToLower(rel.Method)
	if rel.To != "" {
		what = to.Noun
	}
	f.Comment(lineComment(fmt.Sprintf("%s are the %s of each %s, by value.", name, plural(what), fact.Noun)))
	f.Var().Id(name).Op("=").Index(jen.Op("...")).Add(elem).Values(jen.DictFunc(func(d jen.Dict) {
		for v, w := range words {
			if v == 0 {
				continue
			}
			key := jen.Id(l.Values[v-1].Ident)
			if rel.To == "" {
				d[key] = jen.Lit(w)
				continue
			}
			t, _ := to.find(w)
			d[key] = jen.Id(to.Values[t-1].Ident)
		}
	}))
	doc := map[bool]string{
		true:  fmt.Sprintf("%s returns the %s of the same name: the zero value for no %s.", rel.Method, to.Noun, fact.Noun),
		false: fmt.Sprintf("%s returns the %s the rules give the %s: the zero value for no %s.", rel.Method, what, fact.Noun, fact.Noun),
	}
	f.Comment(doc[rel.SameName])
	f.Func().Params(jen.Id("v").Id(fact.Type)).Id(rel.Method).Params().Add(elem).Block(
		jen.Return(jen.Qual(enumPkg, "At").Call(jen.Id(name).Index(jen.Op(":")), jen.Id("v"))))
}

// tokens finds the faces of every predefined token, as the newest
// release listing it defines them.
func (m *Model) tokens(enHistory []*snapshot.Snapshot) error {
	l := m.Lists[snapshot.FactTokens]
	m.TokenFaces = make([][]snapshot.TokenFace, len(l.Values)+1)
	for _, s := range enHistory {
		for _, t := range s.Tokens {
			v, ok := l.find(t.Name)
			if !ok {
				return fmt.Errorf("%s@%s: the predefined token %q has no value", s.Lang, s.Effective, t.Name)
			}
			m.TokenFaces[v] = t.Faces
		}
	}
	return nil
}

// tokenFaces emits the faces of every predefined token as static data
// (nothing runs when a program starts): token.face, whose card types,
// supertypes and subtypes are the generated constants, its colours the
// letters of their mana symbols; token.Face is built from it.
func (m *Model) tokenFaces(f *jen.File) {
	l, faces := m.Lists[snapshot.FactTokens], m.TokenFaces
	f.Comment("tokenFaces are the faces of each predefined token, as the newest release")
	f.Comment("listing it defines them, by value.")
	f.Var().Id("tokenFaces").Op("=").Index(jen.Op("...")).Index().Id("face").Values(jen.DictFunc(func(d jen.Dict) {
		for v, fs := range faces {
			if v == 0 {
				continue
			}
			d[jen.Id(l.Values[v-1].Ident)] = lines(func(g *jen.Group) {
				for _, fc := range fs {
					g.Add(lines(func(g *jen.Group) {
						for _, c := range m.faceFields(l.Values[v-1].EN, fc) {
							g.Add(c)
						}
					}))
				}
			})
		}
	}))
}

// faceFields are the fields of one token face; each word the rules print
// must be a name of its list, else generation fails naming it.
func (m *Model) faceFields(token string, fc snapshot.TokenFace) []jen.Code {
	var fs []jen.Code
	if fc.Name != "" {
		fs = append(fs, field("name", jen.Lit(fc.Name)))
	}
	consts := func(key, pkg string, words []string) *jen.Statement {
		l := m.Lists[key]
		return jen.ValuesFunc(func(g *jen.Group) {
			for _, w := range words {
				v, ok := l.find(w)
				if !ok {
					must(fmt.Errorf("the predefined token %s is %q, which is no %s", token, w, l.Noun))
				}
				g.Qual(ModulePath+"/"+pkg, l.Values[v-1].Ident)
			}
		})
	}
	if len(fc.Colors) > 0 {
		l, letters := m.Lists[snapshot.FactColors], ""
		for _, c := range fc.Colors {
			v, ok := l.find(c)
			if !ok {
				must(fmt.Errorf("the predefined token %s is %q, which is no %s", token, c, l.Noun))
			}
			letters += m.Related[snapshot.FactColors][v]
		}
		fs = append(fs, field("colors", jen.Lit(letters)))
	}
	if len(fc.Supertypes) > 0 {
		fs = append(fs, field("supertypes", jen.Index().Qual(ModulePath+"/cardtype", "Supertype").Add(consts(snapshot.FactSupertypes, "cardtype", fc.Supertypes))))
	}
	fs = append(fs, field("cardTypes", jen.Index().Qual(ModulePath+"/cardtype", "CardType").Add(consts(snapshot.FactCardTypes, "cardtype", fc.CardTypes))))
	if len(fc.Subtypes) > 0 {
		fs = append(fs, field("subtypes", jen.Index().Id("subtypeOf").ValuesFunc(func(g *jen.Group) {
			for _, st := range fc.Subtypes {
				cat, id := m.subtypeOf(token, st, fc.CardTypes)
				g.Values(jen.Qual(ModulePath+"/subtype", cat), jen.Int().Call(jen.Qual(ModulePath+"/subtype", id)))
			}
		})))
	}
	if fc.Power != "" || fc.Toughness != "" {
		fs = append(fs, field("power", jen.Lit(fc.Power)), field("toughness", jen.Lit(fc.Toughness)))
	}
	if len(fc.Abilities) > 0 {
		fs = append(fs, field("abilities", jen.Index().String().Add(lines(func(g *jen.Group) {
			for _, a := range fc.Abilities {
				g.Lit(a)
			}
		}))))
	}
	return fs
}

// subtypeOf is the category and constant of subtype name for a face of
// these card types: the first of them whose category lists it (Phyrexian, of an
// artifact creature, is a creature type).
func (m *Model) subtypeOf(token, name string, cardTypes []string) (category, constant string) {
	for _, ct := range cardTypes {
		for _, c := range m.Categories {
			if !containsFold(c.CardTypes, ct) {
				continue
			}
			if v, ok := c.find(name); ok {
				return "Category" + c.Type, c.Values[v-1].Ident
			}
		}
	}
	must(fmt.Errorf("the predefined token %s has the subtype %q, which no category of its card types (%s) lists", token, name, strings.Join(cardTypes, ", ")))
	return "", ""
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// lines is a composite literal of one element per line, commas written.
func lines(f func(g *jen.Group)) *jen.Statement {
	return jen.CustomFunc(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, f)
}
