package site

import (
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/crgen/generated/cardtype"
	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/mana"
	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/generated/subtype"
)

// name is a value of a list of generated/: its English name, its
// Spanish one ("" while no Spanish source names it), the release it
// came in.
type name interface {
	String() string
	Spanish() string
	Since() (release string, exact bool)
}

// listTable is one list as a page shows it.
type listTable struct {
	ID, Title, Intro string
	Head             []string
	Rows             [][]template.HTML
}

type listsBody struct {
	Date, Note string
	Tables     []listTable
}

// cell is text as a table cell.
func cell(s string) template.HTML { return template.HTML(template.HTMLEscapeString(s)) } //nolint:gosec // escaped

func since(v name) string {
	d, exact := v.Since()
	if !exact {
		return d + " or before"
	}
	return d
}

// keywordRules are the rules of an edition's keyword sections by their
// titles, folded: "trample" → 702.19.
func keywordRules(e ruletext.Edition, section string) map[string]string {
	out := map[string]string{}
	for _, n := range e.Children(section) {
		if r, ok := e.Lookup(n); ok && r.Title() != "" {
			out[strings.ToLower(r.Title())] = n
		}
	}
	return out
}

// writeLists writes a release's lists: the keywords with their forms,
// rules and the release each came in, the card types, the subtypes by
// category, the mana symbols; each as of the release, in English and
// Spanish.
func (b *builder) writeLists(rs *releaseSet, e ruletext.Edition, i int, dirName string) error {
	dir := dirOf(rs, dirName)
	p := dir + "lists.html"
	date := rs.date(i)
	ruleLink := func(n string) template.HTML {
		if n == "" {
			return ""
		}
		if _, ok := e.Lookup(n); !ok {
			return cell(n)
		}
		return template.HTML(fmt.Sprintf(`<a href="%s">%s</a>`, template.HTMLEscapeString(rel(p, RulePath(rs.lang, dirName, n))), template.HTMLEscapeString(n))) //nolint:gosec // escaped
	}
	tables, err := keywordTables(e, date, ruleLink)
	if err != nil {
		return err
	}
	more, err := typeTables(date)
	if err != nil {
		return err
	}
	tables = append(tables, more...)
	for k := range tables {
		tables[k] = dropEmptySpanish(tables[k])
	}
	note := ""
	if known, ok := keyword.AbilityList().KnownAsOf(date); ok && known != date {
		note = "the release of " + date + " did not print every list: each is as the newest release before it that did"
	}
	pg := &page{Path: p, Title: "Lists (" + date + ")",
		Crumbs: []link{{Href: rel(p, "index.html"), Text: "Home"}, {Href: rel(p, string(rs.lang)+"/index.html"), Text: langName(rs.lang) + " releases"}, {Href: rel(p, dir+"index.html"), Text: date}, {Text: "Lists"}},
		Banner: b.releaseBanner(rs, i, p, dirOf(rs, Current)+"lists.html"), Body: listsBody{Date: date, Note: note, Tables: tables}}
	return b.page("lists", pg)
}

// keywordTables are the keyword lists of an edition: actions and
// abilities with their forms and rules, ability words, counters.
func keywordTables(e ruletext.Edition, date string, ruleLink func(string) template.HTML) ([]listTable, error) {
	var tables []listTable
	kwTable := func(id, title, section string, names []name, forms func(int) []keyword.Form) {
		rulesOf := keywordRules(e, section)
		t := listTable{ID: id, Title: title, Head: []string{"Name", "Spanish", "Rule", "Forms", "Since"}}
		for k, v := range names {
			var fs []string
			for _, f := range forms(k) {
				fs = append(fs, f.Text)
			}
			t.Rows = append(t.Rows, []template.HTML{cell(v.String()), spanishCell(v.Spanish()), ruleLink(rulesOf[strings.ToLower(v.String())]), cell(strings.Join(fs, "; ")), cell(since(v))})
		}
		tables = append(tables, t)
	}
	actions, err := keyword.ActionValuesAsOf(date)
	if err != nil {
		return nil, err
	}
	kwTable("actions", "Keyword actions (701)", "701", asNames(actions), func(k int) []keyword.Form { return actions[k].FormsAsOf(date) })
	abilities, err := keyword.AbilityValuesAsOf(date)
	if err != nil {
		return nil, err
	}
	kwTable("abilities", "Keyword abilities (702)", "702", asNames(abilities), func(k int) []keyword.Form { return abilities[k].FormsAsOf(date) })
	words, err := keyword.AbilityWordValuesAsOf(date)
	if err != nil {
		return nil, err
	}
	tables = append(tables, simpleTable("ability-words", "Ability words (207.2c)", asNames(words)))
	counters, err := keyword.CounterValuesAsOf(date)
	if err != nil {
		return nil, err
	}
	return append(tables, simpleTable("counters", "Keyword counters (122.1b)", asNames(counters))), nil
}

// typeTables are the card types, supertypes, subtypes by category and
// mana symbols as of date.
func typeTables(date string) ([]listTable, error) {
	var tables []listTable
	cardTypes, err := cardtype.CardTypeValuesAsOf(date)
	if err != nil {
		return nil, err
	}
	tables = append(tables, simpleTable("card-types", "Card types (205.2a)", asNames(cardTypes)))
	supertypes, err := cardtype.SupertypeValuesAsOf(date)
	if err != nil {
		return nil, err
	}
	tables = append(tables, simpleTable("supertypes", "Supertypes (205.4a)", asNames(supertypes)))
	cats, err := subtype.CategoriesAsOf(date)
	if err != nil {
		return nil, err
	}
	for _, c := range cats {
		vs, err := subtype.ValuesAsOf(c, date)
		if err != nil {
			return nil, err
		}
		t := simpleTable("subtypes-"+c.String(), strings.ToUpper(c.String()[:1])+c.String()[1:]+" types ("+c.Rule()+")", asNames(vs))
		var goes []string
		for _, ct := range c.CardTypesAsOf(date) {
			goes = append(goes, ct.String())
		}
		if len(goes) > 0 {
			t.Intro = "Subtypes of " + strings.Join(goes, ", ") + ": " + strconv.Itoa(len(vs)) + "."
		}
		tables = append(tables, t)
	}
	syms, err := mana.SymbolsAsOf(date)
	if err != nil {
		return nil, err
	}
	st := listTable{ID: "mana-symbols", Title: "Mana symbols (107.4)", Head: []string{"Symbol", "Group", "Colours", "Mana value", "Since"}}
	for _, s := range syms {
		colors := s.Colors().String()
		if colors == "" {
			colors = "colourless"
		}
		st.Rows = append(st.Rows, []template.HTML{cell(s.String()), cell(s.Group()), cell(colors), cell(strconv.Itoa(s.ManaValue())), cell(since(symbolName{s}))})
	}
	return append(tables, st), nil
}

// dropEmptySpanish drops the Spanish column of a table where no
// Spanish source names any of its names (the keywords).
func dropEmptySpanish(t listTable) listTable {
	col := slices.Index(t.Head, "Spanish")
	if col < 0 {
		return t
	}
	for _, r := range t.Rows {
		if r[col] != "" {
			return t
		}
	}
	t.Head = slices.Delete(slices.Clone(t.Head), col, col+1)
	for k, r := range t.Rows {
		t.Rows[k] = slices.Delete(r, col, col+1)
	}
	return t
}

func spanishCell(s string) template.HTML {
	if s == "" {
		return ""
	}
	return template.HTML(`<span lang="es">` + template.HTMLEscapeString(s) + `</span>`) //nolint:gosec // escaped
}

func asNames[T name](vs []T) []name {
	out := make([]name, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

func simpleTable(id, title string, vs []name) listTable {
	t := listTable{ID: id, Title: title, Head: []string{"Name", "Spanish", "Since"}}
	for _, v := range vs {
		t.Rows = append(t.Rows, []template.HTML{cell(v.String()), spanishCell(v.Spanish()), cell(since(v))})
	}
	return t
}

// listChange is what an update did to one list.
type listChange struct {
	Title string
	Items []string
}

// listChanges are the names each list gained and lost in release i, a
// name renamed once; only the lists that changed.
func listChanges(rs *releaseSet, i int) []listChange {
	from, to := rs.date(i-1), rs.date(i)
	var out []listChange
	add := func(title string, before, after []name, renamed func(string) string) {
		items := nameChanges(before, after, renamed)
		if len(items) > 0 {
			out = append(out, listChange{Title: title, Items: items})
		}
	}
	both := func(f func(string) ([]name, error)) ([]name, []name) {
		a, _ := f(from)
		b, _ := f(to)
		return a, b
	}
	noRename := func(string) string { return "" }
	a, b := both(func(d string) ([]name, error) { v, err := keyword.ActionValuesAsOf(d); return asNames(v), err })
	add("Keyword actions", a, b, replacement(keyword.EveryAction()))
	a, b = both(func(d string) ([]name, error) { v, err := keyword.AbilityValuesAsOf(d); return asNames(v), err })
	add("Keyword abilities", a, b, replacement(keyword.EveryAbility()))
	a, b = both(func(d string) ([]name, error) { v, err := keyword.AbilityWordValuesAsOf(d); return asNames(v), err })
	add("Ability words", a, b, replacement(keyword.EveryAbilityWord()))
	a, b = both(func(d string) ([]name, error) { v, err := keyword.CounterValuesAsOf(d); return asNames(v), err })
	add("Keyword counters", a, b, replacement(keyword.EveryCounter()))
	a, b = both(func(d string) ([]name, error) { v, err := cardtype.CardTypeValuesAsOf(d); return asNames(v), err })
	add("Card types", a, b, replacement(cardtype.EveryCardType()))
	a, b = both(func(d string) ([]name, error) { v, err := cardtype.SupertypeValuesAsOf(d); return asNames(v), err })
	add("Supertypes", a, b, replacement(cardtype.EverySupertype()))
	for _, c := range subtype.EveryCategory() {
		a, b = both(func(d string) ([]name, error) { v, err := subtype.ValuesAsOf(c, d); return asNames(v), err })
		add(strings.ToUpper(c.String()[:1])+c.String()[1:]+" types", a, b, replacement(subtype.Every(c)))
	}
	sa, _ := mana.SymbolsAsOf(from)
	sb, _ := mana.SymbolsAsOf(to)
	add("Mana symbols", symbolNames(sa), symbolNames(sb), noRename)
	return out
}

// replacement is, for a list's every value, the name of what replaced
// a name the rules dropped ("" for none).
func replacement[T interface {
	name
	comparable
	ReplacedBy() (T, bool)
}](every []T) func(string) string {
	return func(n string) string {
		for _, v := range every {
			if v.String() == n {
				if r, ok := v.ReplacedBy(); ok {
					return r.String()
				}
			}
		}
		return ""
	}
}

// symbolName is a mana symbol as a name of a list (no Spanish).
type symbolName struct{ mana.Symbol }

func (symbolName) Spanish() string { return "" }

func symbolNames(ss []mana.Symbol) []name {
	out := make([]name, len(ss))
	for i, s := range ss {
		out[i] = symbolName{s}
	}
	return out
}

// nameChanges are the names after has and before has not ("Added:
// X"), the reverse ("Removed: Y"), and a removed name whose replacement
// was added ("Renamed: Tribal → Kindred").
func nameChanges(before, after []name, renamed func(string) string) []string {
	had := map[string]bool{}
	for _, v := range before {
		had[v.String()] = true
	}
	has := map[string]bool{}
	for _, v := range after {
		has[v.String()] = true
	}
	var out []string
	renamedTo := map[string]bool{}
	for _, v := range before {
		n := v.String()
		if has[n] {
			continue
		}
		if r := renamed(n); r != "" && has[r] && !had[r] {
			out = append(out, "Renamed: "+n+" → "+r)
			renamedTo[r] = true
			continue
		}
		out = append(out, "Removed: "+n)
	}
	for _, v := range after {
		if n := v.String(); !had[n] && !renamedTo[n] {
			out = append(out, "Added: "+n)
		}
	}
	return out
}
