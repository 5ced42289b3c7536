// Package gen turns snapshots into the Go packages under generated/: typed
// enums of card types, supertypes, subtypes and mana symbols with English
// and Spanish names, and the tables the hand-written validators there read.
// It reads snapshots only (no network, no rules documents) and its output
// is byte-identical on every run.
//
// Values never move: a name's value is its position in the order names
// first appeared in the English history (release, then rule order), so a
// rules update appends values and never renumbers one. A name the rules
// drop keeps its value and its constant, marked deprecated.
package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Model is everything the emitters need, derived from the snapshots.
type Model struct {
	EN, ES       *snapshot.Snapshot // current state of each language
	ENSum, ESSum string             // sha256 of the snapshot files
	// Lists are the registry's lists the generator serves as packages of
	// their own (snapshot.Generated), by fact name; CardTypes and
	// Supertypes are two of them, which the subtypes and type lines use.
	Lists                 map[string]List
	CardTypes, Supertypes List
	Categories            []Category
	Mana                  []ManaSymbol
	// BasicLands are the land types rule 205.3i has named basic.
	BasicLands []BasicLand
	RuleChoice string // the subrule of 205.3 on choosing a subtype
	// Printed is what cards print beside the rules (snapshots/printed.json);
	// nil when there is none.
	Printed *snapshot.Printed
	// PrintedMana are the symbols cards print outside rule 107.4, valued
	// from PrintedSymbolBase in the order of the curated file.
	PrintedMana []ManaSymbol
	// OldestRelease is the oldest English release the history knows.
	OldestRelease string
	// Catalogue are the releases known to exist and not recorded
	// (snapshots/catalogue.json).
	Catalogue *snapshot.Catalogue
	// Releases are the effective dates of each language's recorded
	// releases, oldest first.
	Releases map[string][]string
	// ManaEpochs and ManaOrderFrom are the orders 107.4 listed the
	// symbols in (List.Epochs, List.OrderFrom).
	ManaEpochs    []Epoch
	ManaOrderFrom string
	// ManaReading is how the mana symbols were read (List.Label, AsOf,
	// AsOfES, Unread).
	ManaReading List
	// Record holds the value of every name, the names first seen by this
	// generation appended.
	Record *Record

	// Related are the words each value of a fact with a relation is tied
	// to (snapshot.Fact.Relation), by fact and value; TokenFaces the faces
	// of each predefined token, by value.
	Related    map[string][]string
	TokenFaces [][]snapshot.TokenFace
	// AbilityForms are the forms of each keyword ability across the
	// history, by value.
	AbilityForms [][]Form
	// ActionForms are the forms of each keyword action across the
	// history, by value, as AbilityForms.
	ActionForms [][]Form
	// Designations are the designations the keywords give, by word.
	Designations []Designation
	// Through are the keyword actions each keyword action's rule defines
	// it through, by value, as the newest release listing it says.
	Through [][]Through

	renames []snapshot.Rename // of the English history
}

// PrintedSymbolBase is the first value of a mana symbol printed outside
// rule 107.4: a range of its own, so such a symbol keeps its value even if
// 107.4 comes to list it (it then gets a value of the rules' own too).
const PrintedSymbolBase = 200

// List is one enum: every name its list ever had, by value.
type List struct {
	Key  string // snapshot list key: "card_types", "creature"
	Noun string // "card type"
	Rule string // rule listing it today
	// OwnRules is set when each name has a rule of its own (a keyword's
	// title, 702.2; the rule listing a step's phase's steps, 506.1),
	// kept in Value.Rule.
	OwnRules bool
	// Label is its plural ("keyword actions"); AsOf and AsOfES the
	// releases its English and Spanish names were read from, Unread the
	// English releases that did not read it (rules.List).
	Label, AsOf, AsOfES string
	Unread              []string
	Values              []Value
	Order               []int // values of the current names, in rule order
	// Epochs are the orders the rules listed the names in before the
	// newest order, which holds from OrderFrom (see orders).
	Epochs    []Epoch
	OrderFrom string
}

// Value is one name of a list. Its number is its index in List.Values + 1.
type Value struct {
	EN, ES     string
	Forms      []string // other Spanish printed forms
	Ident      string   // Go identifier of its constant
	Since      string
	ESSince    string // the first Spanish release printing ES
	Exact      bool   // Since is a real first listing, not the oldest release known
	Removed    string
	Rule       string // the rule that listed it last, as that release numbered it
	ReplacedBy string // printed name of the replacement, for renames
	Evidence   string
	// Gaps are the times the rules dropped it and listed it again.
	Gaps []history.Gap
	// After is, for a name dropped since the newest order began, the value
	// of the name its last listing put it after (0 for the first).
	After int
	last  string // the last release listing it
}

// Category is one subtype category of 205.3.
type Category struct {
	Name      string // "creature"
	Type      string // Go type: "Creature"
	Since     string // first release with the category
	Removed   string // first release without it, once the rules dropped it
	Gaps      []history.Gap
	CardTypes []string // card types whose subtypes it lists, as 205.2a prints them
	Links     []Link   // the card types it listed subtypes for, release by release
	List
}

// Load reads the current snapshots and the English and Spanish histories
// from dir, and numbers every name by rec, which it extends with the
// names rec lacks (Model.Record).
func Load(dir string, rec *Record) (*Model, error) {
	store := snapshot.Store{Dir: dir}
	m := &Model{Record: rec}
	var err error
	if m.EN, m.ENSum, err = loadCurrent(store, "en"); err != nil {
		return nil, err
	}
	if m.ES, m.ESSum, err = loadCurrent(store, "es"); err != nil {
		return nil, err
	}
	for _, need := range []string{snapshot.FactCardTypes, snapshot.FactSupertypes, snapshot.FactSubtypes, snapshot.FactMana} {
		if !m.EN.Has(need) {
			return nil, fmt.Errorf("%s lacks %s (rule %s): run make history, then make regen", store.CurrentPath("en"), need, snapshot.FactNamed(need).Rule)
		}
		if !m.ES.Has(need) {
			return nil, fmt.Errorf("%s lacks %s (rule %s): run make regen", store.CurrentPath("es"), need, snapshot.FactNamed(need).Rule)
		}
	}
	enHistory, err := store.History("en")
	if err != nil {
		return nil, err
	}
	if len(enHistory) == 0 {
		return nil, fmt.Errorf("%s: no English releases: values are numbered from the history; run make history", store.Dir)
	}
	esHistory, err := store.History("es")
	if err != nil {
		return nil, err
	}
	if m.renames, err = store.Renames(); err != nil {
		return nil, err
	}
	spanish := spanishNames(append(esHistory, m.ES))
	if err := m.namedLists(enHistory, spanish); err != nil {
		return nil, err
	}
	if err := m.subtypeLists(store, enHistory, spanish); err != nil {
		return nil, err
	}
	if err := m.relations(enHistory); err != nil {
		return nil, err
	}
	m.designations(enHistory)
	m.through(enHistory)
	if err := m.forms(enHistory); err != nil {
		return nil, err
	}
	if err := m.tokens(enHistory); err != nil {
		return nil, err
	}
	if m.BasicLands, err = m.basicLands(enHistory); err != nil {
		return nil, err
	}
	if m.RuleChoice = m.EN.SubtypeChoiceRule; m.RuleChoice == "" {
		return nil, fmt.Errorf("%s records no subrule of %s on choosing a subtype: run make regen", store.CurrentPath("en"), m.EN.RuleOf(snapshot.FactSubtypes))
	}
	if m.Mana, err = manaSymbols(enHistory, m.renames, m.Record); err != nil {
		return nil, err
	}
	m.manaOrders(enHistory)
	m.OldestRelease = enHistory[0].Effective
	m.Releases = map[string][]string{"en": releases(enHistory), "es": releases(esHistory)}
	if m.Printed, err = store.Printed(); err != nil {
		return nil, err
	}
	if m.Printed != nil {
		if m.PrintedMana, err = printedSymbols(m.EN, m.Printed.Symbols, len(m.Mana), m.Record); err != nil {
			return nil, err
		}
	}
	if m.Catalogue, err = store.Catalogue(); err != nil {
		return nil, err
	}
	m.inexactAcrossGaps()
	return m, nil
}

// inexactAcrossGaps makes a Since inexact when a catalogued release, not
// recorded, lies between it and the release before it: the name may have
// come in that one (Toxic, first recorded in 2023-04-14, may be of
// 2022-11-18).
func (m *Model) inexactAcrossGaps() {
	en := m.Releases["en"]
	gap := func(since string) bool {
		i, ok := slices.BinarySearch(en, since)
		if !ok || i == 0 {
			return false // the oldest release: inexact already
		}
		return len(m.Catalogue.Between("en", en[i-1], since)) > 0
	}
	fix := func(vs []Value) {
		for i := range vs {
			if vs[i].Exact && gap(vs[i].Since) {
				vs[i].Exact = false
			}
		}
	}
	for k, l := range m.Lists {
		fix(l.Values)
		m.Lists[k] = l
	}
	fix(m.CardTypes.Values)
	fix(m.Supertypes.Values)
	for i := range m.Categories {
		fix(m.Categories[i].Values)
	}
	for i := range m.Mana {
		if m.Mana[i].Exact && gap(m.Mana[i].Since) {
			m.Mana[i].Exact = false
		}
	}
	for i := range m.BasicLands {
		if m.BasicLands[i].Exact && gap(m.BasicLands[i].Since) {
			m.BasicLands[i].Exact = false
		}
	}
}

// namedLists builds the registry's lists the generator serves as
// packages of their own; the constants of one package share a namespace.
func (m *Model) namedLists(enHistory []*snapshot.Snapshot, spanish map[string]map[string]spanishName) error {
	ids := map[string]identSet{}
	m.Lists = map[string]List{}
	for _, f := range snapshot.Generated() {
		if ids[f.Package] == nil {
			ids[f.Package] = identSet{}
		}
		ids[f.Package].reserve(f.Type)
	}
	for _, f := range snapshot.Generated() {
		l, err := m.list(ids[f.Package], enHistory, spanish, f.Name, f.Noun, f.Prefix, f.TitleCase)
		if err != nil {
			return err
		}
		m.Lists[f.Name] = l
	}
	m.CardTypes, m.Supertypes = m.Lists[snapshot.FactCardTypes], m.Lists[snapshot.FactSupertypes]
	return nil
}

// subtypeLists builds a list per category the history has known.
func (m *Model) subtypeLists(store snapshot.Store, enHistory []*snapshot.Snapshot, spanish map[string]map[string]spanishName) error {
	cats, err := m.categories(enHistory)
	if err != nil {
		return err
	}
	for _, c := range cats {
		goType, err := Ident("", c.name)
		if err != nil {
			return err
		}
		l, err := m.list(identSet{}.reserve(goType), enHistory, spanish, c.name, c.name+" type", goType, false)
		if err != nil {
			return err
		}
		cat := Category{Name: c.name, Type: goType, Since: c.since, Removed: c.removed, Gaps: c.gaps, Links: links(enHistory, c.name), List: l}
		if _, current := m.EN.Subtypes[c.name]; current {
			if cat.CardTypes = m.EN.SubtypeCardTypes[c.name]; len(cat.CardTypes) == 0 {
				return fmt.Errorf("%s records no card types for the %s types (rule %s): run make regen", store.CurrentPath("en"), c.name, m.EN.SubtypeRules[c.name])
			}
		}
		m.Categories = append(m.Categories, cat)
	}
	return nil
}

func loadCurrent(store snapshot.Store, lang string) (*snapshot.Snapshot, string, error) {
	s, err := store.Current(lang)
	if err != nil {
		return nil, "", err
	}
	if s == nil {
		return nil, "", fmt.Errorf("%s: no current snapshot; run make regen", store.CurrentPath(lang))
	}
	b, err := readFile(store.CurrentPath(lang))
	if err != nil {
		return nil, "", err
	}
	return s, snapshot.SHA256(b), nil
}

// list builds one enum from the English history: one value per name ever
// listed, numbered in order of first listing.
func (m *Model) list(ids identSet, enHistory []*snapshot.Snapshot, spanish map[string]map[string]spanishName, key, noun, prefix string, titleCase bool) (List, error) {
	l := List{Key: key, Noun: noun, Rule: m.EN.ListRule(key)}
	if l.Rule == "" {
		l.Rule = lastRule(enHistory, key)
	}
	fact := snapshot.FactNamed(key)
	l.OwnRules = fact != nil && (fact.Read == snapshot.SectionTitles || fact.Read == snapshot.PhaseSteps)
	l.Label, l.AsOf, l.AsOfES, l.Unread = m.reading(enHistory, key)
	lives := history.Lives(enHistory, key, m.renames)
	names := make([]string, len(lives))
	for i, life := range lives {
		names[i] = life.Name
	}
	values, err := m.Record.Assign(key, names, 1)
	if err != nil {
		return List{}, err
	}
	l.Values = make([]Value, len(lives))
	at, atKey := map[string]int{}, map[string]int{}
	for i, life := range lives {
		v := Value{
			EN: life.Name, ES: spanish[key][life.Name].name, ESSince: spanish[key][life.Name].since, Since: life.First, Exact: !life.Oldest,
			Removed: life.Removed, ReplacedBy: life.ReplacedBy, Evidence: life.Evidence, Rule: life.Rule, Gaps: life.Gaps, last: life.Last,
		}
		if titleCase {
			v.EN, v.ES, v.ReplacedBy = title(v.EN), title(v.ES), title(v.ReplacedBy)
		}
		for _, f := range m.ES.Forms[spanish[key][life.Name].name] {
			if titleCase {
				f = title(f)
			}
			v.Forms = append(v.Forms, f)
		}
		if fact != nil && fact.Read == snapshot.SectionTitles {
			v.Forms = append(v.Forms, Spellings(v.EN)...) // a keyword's other spellings
		}
		n := values[i]
		if n > len(lives) {
			return List{}, fmt.Errorf("values record: %s %q has value %d, but the list has %d names: the record has a gap", noun, life.Name, n, len(lives))
		}
		// The identifier comes from the recorded spelling, so a change of
		// typography in the rules does not rename a constant.
		id, err := ids.add(prefix, title(m.Record.Name(key, n)), noun)
		if err != nil {
			return List{}, err
		}
		v.Ident = id
		at[life.Name], atKey[history.NameKey(life.Name)] = n, n
		l.Values[n-1] = v
	}
	l.orders(enHistory, key, atKey)
	if err := l.checkSpellings(); err != nil {
		return List{}, err
	}
	for _, n := range m.EN.List(key) {
		v, ok := at[n]
		if !ok {
			return List{}, fmt.Errorf("%s %q is current but no English release in the history lists it: run make history", noun, n)
		}
		if l.Values[v-1].Removed != "" {
			return List{}, fmt.Errorf("%s %q is current, but the history says it was removed in %s", noun, n, l.Values[v-1].Removed)
		}
		l.Order = append(l.Order, v)
	}
	if len(l.Order) != countCurrent(l.Values) {
		return List{}, fmt.Errorf("%s list: the history's newest release and the current snapshot disagree (%d current names, %d in the history): run make regen", noun, len(l.Order), countCurrent(l.Values))
	}
	return l, nil
}

// reading is what the snapshots say of the reading of list key: its
// plural, the releases its English and Spanish names are as of (the
// provenance of the current snapshots, by the list's fact group), and
// the English releases of the history that did not read it.
func (m *Model) reading(enHistory []*snapshot.Snapshot, key string) (label, asOf, asOfES string, unread []string) {
	group := key
	if f := snapshot.FactNamed(key); f != nil {
		label = f.Label
		if f.Group != "" {
			group = f.Group
		}
	} else { // a subtype category
		label, group = key+" types", snapshot.FactSubtypes
	}
	asOf = m.EN.Provenance[group].Effective
	if m.ES.Carries(key) {
		asOfES = m.ES.Provenance[group].Effective
	}
	for _, s := range enHistory {
		if !s.Carries(key) {
			unread = append(unread, s.Effective)
		}
	}
	return label, asOf, asOfES, unread
}

func countCurrent(vs []Value) int {
	n := 0
	for _, v := range vs {
		if v.Removed == "" {
			n++
		}
	}
	return n
}

// lastRule is the rule that listed key in the newest release that had it.
func lastRule(h []*snapshot.Snapshot, key string) string {
	for i := len(h) - 1; i >= 0; i-- {
		if r := h[i].ListRule(key); r != "" && len(h[i].List(key)) > 0 {
			return r
		}
	}
	return ""
}

type categoryInfo struct {
	name, since, removed string
	gaps                 []history.Gap
}

// categories lists every category the history has known, by value:
// values come from the record, which numbers a new category after the
// others in order of first appearance, then rule order.
func (m *Model) categories(h []*snapshot.Snapshot) ([]categoryInfo, error) {
	var seen []categoryInfo
	for _, s := range h {
		if !s.Has(snapshot.FactSubtypes) {
			continue // a page of another rule says nothing of the categories
		}
		for i := range seen {
			if _, listed := s.Subtypes[seen[i].name]; listed {
				if seen[i].removed != "" { // back after a gap
					seen[i].gaps = append(seen[i].gaps, history.Gap{Removed: seen[i].removed, Back: s.Effective})
				}
				seen[i].removed = ""
			} else if seen[i].removed == "" {
				seen[i].removed = s.Effective
			}
		}
		for _, c := range s.Categories() {
			if !slices.ContainsFunc(seen, func(x categoryInfo) bool { return x.name == c }) {
				seen = append(seen, categoryInfo{name: c, since: s.Effective})
			}
		}
	}
	names := make([]string, len(seen))
	for i, c := range seen {
		names[i] = c.name
	}
	values, err := m.Record.Assign(recordCategories, names, 1)
	if err != nil {
		return nil, err
	}
	out := make([]categoryInfo, len(seen))
	for i, c := range seen {
		if values[i] > len(seen) {
			return nil, fmt.Errorf("values record: category %q has value %d, but the history has %d categories: the record has a gap", c.name, values[i], len(seen))
		}
		out[values[i]-1] = c
	}
	return out, nil
}

// spanishName is the Spanish of an English name and the first Spanish
// release that printed it so.
type spanishName struct{ name, since string }

// spanishNames maps list key → English name → its Spanish name, from
// every Spanish snapshot's pairing (newest wins), so a name English has
// since dropped keeps the Spanish it had.
func spanishNames(es []*snapshot.Snapshot) map[string]map[string]spanishName {
	sorted := slices.Clone(es)
	slices.SortStableFunc(sorted, func(a, b *snapshot.Snapshot) int { return strings.Compare(a.Effective, b.Effective) })
	out := map[string]map[string]spanishName{}
	for _, s := range sorted {
		for k, pairs := range s.PairingEN {
			if out[k] == nil {
				out[k] = map[string]spanishName{}
			}
			for _, p := range pairs {
				if out[k][p.EN].name != p.ES {
					out[k][p.EN] = spanishName{p.ES, s.Effective}
				}
			}
		}
	}
	return out
}

// title capitalises a lower-case card type or supertype as type lines print
// it ("artifact" → "Artifact").
func title(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

func readFile(path string) ([]byte, error) { return os.ReadFile(filepath.Clean(path)) }
