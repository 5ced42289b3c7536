package gen

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/mtgrules/crgen/internal/kwform"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Form is one form of a keyword ability across the history: the first
// release whose rule wrote it, and the first, after its last, whose rule
// no longer did ("" while it does).
type Form struct {
	Text, Rule, Since, Removed string
}

// forms finds the forms of every keyword ability and action in every
// release: as its rule wrote them (snapshot.KeywordForms,
// KeywordActionForms), or, for a keyword whose rule writes none, its name
// alone.
func (m *Model) forms(enHistory []*snapshot.Snapshot) error {
	var err error
	if m.AbilityForms, err = m.formsOf(enHistory, snapshot.FactKeywordAbilities, func(s *snapshot.Snapshot) snapshot.KeywordForms { return s.KeywordForms }); err != nil {
		return err
	}
	m.ActionForms, err = m.formsOf(enHistory, snapshot.FactKeywordActions, func(s *snapshot.Snapshot) snapshot.KeywordForms { return s.KeywordActionForms })
	return err
}

// formsOf finds the forms of the keywords of list fact, by value.
func (m *Model) formsOf(enHistory []*snapshot.Snapshot, fact string, of func(*snapshot.Snapshot) snapshot.KeywordForms) ([][]Form, error) {
	l := m.Lists[fact]
	out := make([][]Form, len(l.Values)+1)
	last := make([]map[string]string, len(l.Values)+1) // value → form → the last release writing it
	for _, s := range enHistory {
		if !s.Carries(fact) {
			continue
		}
		rules := s.NameRules(fact)
		for _, n := range s.List(fact) {
			v, ok := l.find(n)
			if !ok {
				return nil, fmt.Errorf("%s@%s: the %s %q has no value", s.Lang, s.Effective, l.Noun, n)
			}
			written := of(s)[n]
			if len(written) == 0 {
				written = []snapshot.KeywordForm{{Form: n, Rule: rules[n]}}
			}
			if last[v] == nil {
				last[v] = map[string]string{}
			}
			for _, w := range written {
				i := slices.IndexFunc(out[v], func(f Form) bool { return f.Text == w.Form })
				if i < 0 {
					out[v] = append(out[v], Form{Text: w.Form, Rule: w.Rule, Since: s.Effective})
					i = len(out[v]) - 1
				}
				out[v][i].Rule, out[v][i].Removed = w.Rule, ""
				last[v][w.Form] = s.Effective
			}
			// A form the keyword's rule no longer writes.
			for i, f := range out[v] {
				if last[v][f.Text] != s.Effective && f.Removed == "" {
					out[v][i].Removed = s.Effective
				}
			}
		}
	}
	return out, nil
}

// keywordForms emits the forms of every keyword ability as static data,
// each with its parts as package kwform reads them, and the index of
// their first words the reader of card text finds them by.
func (m *Model) keywordForms(f *jen.File) {
	l := m.Lists[snapshot.FactKeywordAbilities]
	type entry struct {
		first string
		v, i  int
	}
	var index []entry
	f.Comment("abilityForms are the forms each keyword ability's rule has written, by value,")
	f.Comment("in the order the rules first wrote them, each with its parts (kwform.Parse).")
	f.Var().Id("abilityForms").Op("=").Index(jen.Op("...")).Index().Id("Form").Values(jen.DictFunc(func(d jen.Dict) {
		for v, forms := range m.AbilityForms {
			if v == 0 || len(forms) == 0 {
				continue
			}
			d[jen.Id(l.Values[v-1].Ident)] = lines(func(g *jen.Group) {
				for i, fm := range forms {
					parts := kwform.Parse(fm.Text)
					first := ""
					if parts[0].Kind == kwform.Word && unicode.IsLetter([]rune(parts[0].Text)[0]) {
						first = parts[0].Text // a word of letters, which begins a token ("{level" is tried on every item)
						// Spelt with the ASCII apostrophe, which the reader's
						// comparison reads either apostrophe of a card as
						// ("Doctor’s companion", printed "Doctor's").
						first = strings.ReplaceAll(first, "’", "'")
					}
					index = append(index, entry{first, v, i})
					fs := []jen.Code{field("Text", jen.Lit(fm.Text)), field("Rule", jen.Lit(fm.Rule)), field("Since", jen.Lit(fm.Since))}
					if fm.Removed != "" {
						fs = append(fs, field("Removed", jen.Lit(fm.Removed)))
					}
					fs = append(fs, field("Parts", partsLit(parts)))
					g.Values(fs...)
				}
			})
		}
	}))
	slices.SortStableFunc(index, func(a, b entry) int { return strings.Compare(a.first, b.first) })
	f.Comment("actionForms are the forms each keyword action's rule has written, by value, in")
	f.Comment("the order the rules first wrote them, each with its parts (kwform.Parse): the")
	f.Comment("action's name alone, whose first word a card inflects, where its rule writes")
	f.Comment("none with parameters.")
	al := m.Lists[snapshot.FactKeywordActions]
	f.Var().Id("actionForms").Op("=").Index(jen.Op("...")).Index().Id("Form").Values(jen.DictFunc(func(d jen.Dict) {
		for v, forms := range m.ActionForms {
			if v == 0 || len(forms) == 0 {
				continue
			}
			d[jen.Id(al.Values[v-1].Ident)] = lines(func(g *jen.Group) {
				for _, fm := range forms {
					fs := []jen.Code{field("Text", jen.Lit(fm.Text)), field("Rule", jen.Lit(fm.Rule)), field("Since", jen.Lit(fm.Since))}
					if fm.Removed != "" {
						fs = append(fs, field("Removed", jen.Lit(fm.Removed)))
					}
					fs = append(fs, field("Parts", partsLit(kwform.Parse(fm.Text))))
					g.Values(fs...)
				}
			})
		}
	}))
	f.Comment("formIndex is every form of abilityForms by its first word, sorted by it; forms")
	f.Comment("that begin with a parameter (\"[type]walk\") first, under no word.")
	f.Var().Id("formIndex").Op("=").Index(jen.Op("...")).Id("formEntry").Add(rows(func(g *jen.Group) {
		for _, e := range index {
			g.Values(field("first", jen.Lit(e.first)), field("ability", jen.Id(l.Values[e.v-1].Ident)), field("form", jen.Lit(e.i))).Op(",")
		}
	}))
}

// partKinds and paramKinds name kwform's kinds as package keyword does.
var (
	partKinds  = map[kwform.Kind]string{kwform.Word: "PartWord", kwform.Dash: "PartDash", kwform.Colon: "PartColon", kwform.Param: "PartParam", kwform.Glued: "PartGlued", kwform.Symbol: "PartSymbol"}
	paramKinds = map[kwform.ParamKind]string{kwform.Cost: "ParamCost", kwform.Number: "ParamNumber", kwform.Quality: "ParamQuality", kwform.Name: "ParamName", kwform.Type: "ParamType", kwform.Ability: "ParamAbility", kwform.PT: "ParamPT"}
)

// partsLit is []Part{...}, a part a line.
func partsLit(parts []kwform.Part) *jen.Statement {
	return jen.Index().Id("Part").Add(lines(func(g *jen.Group) {
		for _, p := range parts {
			fs := []jen.Code{field("Kind", jen.Id(partKinds[p.Kind]))}
			if p.Text != "" {
				fs = append(fs, field("Text", jen.Lit(p.Text)))
			}
			if p.Param != 0 {
				fs = append(fs, field("Param", jen.Id(paramKinds[p.Param])))
			}
			g.Values(fs...)
		}
	}))
}

// actionVerbs emits the verb forms of every keyword action
// (kwform.Verbs), by value, and their index by first word, sorted, that
// the reader of card text searches.
func (m *Model) actionVerbs(f *jen.File) {
	l := m.Lists[snapshot.FactKeywordActions]
	type entry struct {
		first, verb string
		v           int
		past        bool
	}
	var index []entry
	f.Comment("actionVerbs are the forms each keyword action's verb takes in card text, by")
	f.Comment("value (kwform.Verbs).")
	f.Var().Id("actionVerbs").Op("=").Index(jen.Op("...")).Index().String().Values(jen.DictFunc(func(d jen.Dict) {
		for i, val := range l.Values {
			var lits []jen.Code
			for _, vb := range kwform.Verbs(val.EN) {
				lits = append(lits, jen.Lit(vb.Text))
				first, _, _ := strings.Cut(vb.Text, " ")
				index = append(index, entry{first, vb.Text, i + 1, vb.Past})
			}
			d[jen.Id(val.Ident)] = jen.Values(lits...)
		}
	}))
	slices.SortStableFunc(index, func(a, b entry) int { return strings.Compare(a.first, b.first) })
	// Where the verbs of each first letter begin: a word is compared
	// with those of its letter only.
	var buckets [27]int
	for c := range 26 {
		buckets[c] = sort.Search(len(index), func(i int) bool { return index[i].first >= string(rune('a'+c)) })
	}
	buckets[26] = len(index)
	f.Comment("verbLetters are where the verbs of verbIndex of each first letter begin, a to z,")
	f.Comment("and its length.")
	f.Var().Id("verbLetters").Op("=").Index(jen.Lit(27)).Uint16().ValuesFunc(func(g *jen.Group) {
		for _, b := range buckets {
			g.Lit(b)
		}
	})
	f.Comment("verbIndex is every verb form of actionVerbs by its first word, sorted by it.")
	f.Var().Id("verbIndex").Op("=").Index(jen.Op("...")).Id("verbEntry").Add(rows(func(g *jen.Group) {
		for _, e := range index {
			fs := []jen.Code{field("first", jen.Lit(e.first)), field("verb", jen.Lit(e.verb)), field("action", jen.Id(l.Values[e.v-1].Ident))}
			if e.past {
				fs = append(fs, field("past", jen.True()))
			}
			g.Values(fs...).Op(",")
		}
	}))
}

// Designation is a designation a keyword gives, as the newest release
// naming it words it ("suspected", 701.60b).
type Designation struct {
	Word, Rule string
	Action     bool // of a keyword action, else of an ability
	Value      int  // the keyword's
}

// designations finds every designation the history's keywords give, by
// word: the newest release naming one gives its rule.
func (m *Model) designations(enHistory []*snapshot.Snapshot) {
	at := map[string]int{}
	for _, s := range enHistory {
		for name, ds := range s.KeywordDesignations {
			action := slices.Contains(s.List(snapshot.FactKeywordActions), name)
			l := m.Lists[snapshot.FactKeywordAbilities]
			if action {
				l = m.Lists[snapshot.FactKeywordActions]
			}
			v, ok := l.find(name)
			if !ok {
				continue
			}
			for _, d := range ds {
				key := strings.ToLower(d.Form)
				if i, ok := at[key]; ok {
					m.Designations[i] = Designation{Word: d.Form, Rule: d.Rule, Action: action, Value: v}
					continue
				}
				at[key] = len(m.Designations)
				m.Designations = append(m.Designations, Designation{Word: d.Form, Rule: d.Rule, Action: action, Value: v})
			}
		}
	}
	slices.SortStableFunc(m.Designations, func(a, b Designation) int { return strings.Compare(strings.ToLower(a.Word), strings.ToLower(b.Word)) })
}

// designationIndex emits the designations, sorted by their words in lower
// case, that the reader of card text searches.
func (m *Model) designationIndex(f *jen.File) {
	f.Comment("designationIndex is every designation a keyword gives, as its rule names it, by")
	f.Comment("its word in lower case, sorted by it.")
	f.Var().Id("designationIndex").Op("=").Index(jen.Op("...")).Id("designationEntry").Add(rows(func(g *jen.Group) {
		for _, d := range m.Designations {
			fs := []jen.Code{field("word", jen.Lit(strings.ToLower(d.Word)))}
			if d.Action {
				fs = append(fs, field("kind", jen.Id("KindAction")), field("action", jen.Id(m.Lists[snapshot.FactKeywordActions].Values[d.Value-1].Ident)))
			} else {
				fs = append(fs, field("kind", jen.Id("KindAbility")), field("ability", jen.Id(m.Lists[snapshot.FactKeywordAbilities].Values[d.Value-1].Ident)))
			}
			fs = append(fs, field("rule", jen.Lit(d.Rule)))
			g.Values(fs...).Op(",")
		}
	}))
}
