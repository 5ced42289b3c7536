package gen

import (
	"fmt"
	"slices"
	"strings"

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

// keywordForms emits the forms of every keyword ability and action as
// static data, each with its parts as package kwform reads them (the
// tokens of its text, and its parameters).
func (m *Model) keywordForms(f *jen.File) {
	f.Comment("abilityForms are the forms each keyword ability's rule has written, by value,")
	f.Comment("in the order the rules first wrote them, each with its parts (kwform.Parse).")
	formsTable(f, "abilityForms", m.Lists[snapshot.FactKeywordAbilities], m.AbilityForms)
	f.Comment("actionForms are the forms each keyword action's rule has written, by value, in")
	f.Comment("the order the rules first wrote them, each with its parts (kwform.Parse): the")
	f.Comment("action's name alone, whose first word a card inflects, where its rule writes")
	f.Comment("none with parameters.")
	formsTable(f, "actionForms", m.Lists[snapshot.FactKeywordActions], m.ActionForms)
	m.throughTable(f)
}

// formsTable emits the forms of the keywords of l, by value.
func formsTable(f *jen.File, name string, l List, forms [][]Form) {
	f.Var().Id(name).Op("=").Index(jen.Op("...")).Index().Id("Form").Values(jen.DictFunc(func(d jen.Dict) {
		for v, of := range forms {
			if v == 0 || len(of) == 0 {
				continue
			}
			d[jen.Id(l.Values[v-1].Ident)] = lines(func(g *jen.Group) {
				for _, fm := range of {
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
}

// partsLit is []Part{...}, a part a line, each kind by the name package
// keyword gives kwform's constant.
func partsLit(parts []kwform.Part) *jen.Statement {
	return jen.Index().Id("Part").Add(lines(func(g *jen.Group) {
		for _, p := range parts {
			fs := []jen.Code{field("Kind", jen.Id(p.Kind.GoString()))}
			if p.Text != "" {
				fs = append(fs, field("Text", jen.Lit(p.Text)))
			}
			if p.Param != 0 {
				fs = append(fs, field("Param", jen.Id(p.Param.GoString())))
			}
			g.Values(fs...)
		}
	}))
}

// Through is a keyword action another's rule defines it through: its
// value, and the subrule saying so ("701.62a").
type Through struct {
	Value int
	Rule  string
}

// through finds, for each keyword action, the actions its rule defines
// it through, as the newest release listing it says (a release of rule
// pages that read no keyword actions says nothing).
func (m *Model) through(enHistory []*snapshot.Snapshot) {
	l := m.Lists[snapshot.FactKeywordActions]
	m.Through = make([][]Through, len(l.Values)+1)
	for _, s := range enHistory {
		if !s.Carries(snapshot.FactKeywordActions) {
			continue
		}
		for _, n := range s.List(snapshot.FactKeywordActions) {
			v, ok := l.find(n)
			if !ok {
				continue
			}
			m.Through[v] = nil
			for _, th := range s.KeywordActionThrough[n] {
				if w, ok := l.find(th.Form); ok {
					m.Through[v] = append(m.Through[v], Through{Value: w, Rule: th.Rule})
				}
			}
		}
	}
}

// throughTable emits the actions each keyword action's rule defines it
// through, by value.
func (m *Model) throughTable(f *jen.File) {
	l := m.Lists[snapshot.FactKeywordActions]
	f.Comment("actionThrough are the keyword actions each keyword action's rule defines it")
	f.Comment("through (\"Manifest dread\" means \"... Manifest one of them ...\"), by value,")
	f.Comment("each with the subrule that says so.")
	f.Var().Id("actionThrough").Op("=").Index(jen.Op("...")).Index().Id("through").Values(jen.DictFunc(func(d jen.Dict) {
		for v, ts := range m.Through {
			var lits []jen.Code
			for _, th := range ts {
				lits = append(lits, jen.Values(field("action", jen.Id(l.Values[th.Value-1].Ident)), field("rule", jen.Lit(th.Rule))))
			}
			if len(lits) > 0 {
				d[jen.Id(l.Values[v-1].Ident)] = jen.Values(lits...)
			}
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
