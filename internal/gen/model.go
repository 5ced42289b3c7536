// Package gen turns snapshots into Go packages under generated/: typed enums
// of card types, supertypes, subtypes and mana symbols with English and
// Spanish names, and validators of type lines and mana costs. It reads
// snapshots only (no network, no rules documents) and its output is
// byte-identical on every run.
package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// Model is everything the templates need, derived from the snapshots.
type Model struct {
	EN, ES         *snapshot.Snapshot
	ENSum, ESSum   string // sha256 of the snapshot files
	CardTypes      []Entry
	Supertypes     []Entry
	Categories     []Category
	Mana           []ManaSymbol
	MaxPhraseWords int // longest subtype name, in words, either language
	docs           map[string]string
}

// Entry is one name of a list.
type Entry struct {
	EN, ES  string
	Forms   []string // other Spanish printed forms
	Ident   string
	Since   string // first release listing it (English history)
	SinceOK bool   // false when Since is only the oldest release known
}

// Category is one subtype category of 205.3.
type Category struct {
	Name      string // "creature"
	Type      string // Go type: "Creature"
	Rule      string // "205.3m"
	CardTypes []string
	Values    []Entry
}

// Load reads the current snapshots and the English history from dir.
func Load(dir string) (*Model, error) {
	store := scrape.Store{Dir: dir}
	m := &Model{}
	var err error
	if m.EN, m.ENSum, err = loadCurrent(store, "en"); err != nil {
		return nil, err
	}
	if m.ES, m.ESSum, err = loadCurrent(store, "es"); err != nil {
		return nil, err
	}
	history, err := store.History("en")
	if err != nil {
		return nil, err
	}
	for _, need := range []string{snapshot.FactCardTypes, snapshot.FactSupertypes, snapshot.FactSubtypes, snapshot.FactMana} {
		if !m.EN.Has(need) {
			return nil, fmt.Errorf("snapshots/current/en.json lacks %s: run the scrape first", need)
		}
		if !m.ES.Has(need) {
			return nil, fmt.Errorf("snapshots/current/es.json lacks %s", need)
		}
	}
	since := sinceIndex(history)
	ids := identSet{}
	if m.CardTypes, err = entries(ids, "", m.EN.CardTypes, m.ES.PairingEN[snapshot.FactCardTypes], m.ES.Forms, since[snapshot.FactCardTypes], "card type"); err != nil {
		return nil, err
	}
	if m.Supertypes, err = entries(ids, "", m.EN.Supertypes, m.ES.PairingEN[snapshot.FactSupertypes], m.ES.Forms, since[snapshot.FactSupertypes], "supertype"); err != nil {
		return nil, err
	}
	subIDs := identSet{}
	for _, c := range snapshot.Categories {
		names, ok := m.EN.Subtypes[c]
		if !ok {
			continue
		}
		goType, err := Ident("", c)
		if err != nil {
			return nil, err
		}
		cat := Category{Name: c, Type: goType, Rule: m.EN.SubtypeRules[c]}
		if cat.CardTypes, err = categoryCardTypes(m.EN, c); err != nil {
			return nil, err
		}
		if cat.Values, err = entries(subIDs, goType, names, m.ES.PairingEN[c], nil, since[c], c+" type"); err != nil {
			return nil, err
		}
		for _, v := range cat.Values {
			m.MaxPhraseWords = max(m.MaxPhraseWords, len(strings.Fields(v.EN)), len(strings.Fields(v.ES)))
		}
		m.Categories = append(m.Categories, cat)
	}
	if m.Mana, err = manaSemantics(m.EN, m.ES, since[snapshot.FactMana]); err != nil {
		return nil, err
	}
	return m, nil
}

func loadCurrent(store scrape.Store, lang string) (*snapshot.Snapshot, string, error) {
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
	return s, sources.SHA256(b), nil
}

// entries pairs English names with their Spanish partners and identifiers.
func entries(ids identSet, prefix string, en []string, pairs []snapshot.Pair, forms map[string][]string, since map[string]string, what string) ([]Entry, error) {
	es := map[string]string{}
	for _, p := range pairs {
		es[p.EN] = p.ES
	}
	oldest := since[""]
	var out []Entry
	for _, n := range en {
		// English moves first: a name no Spanish source translates yet has
		// an empty Spanish name rather than stopping generation.
		e := Entry{EN: n, ES: es[n], Forms: forms[es[n]], Since: since[n]}
		e.SinceOK = e.Since != "" && e.Since != oldest
		id, err := ids.add(prefix, title(n), what)
		if err != nil {
			return nil, err
		}
		e.Ident = id
		out = append(out, e)
	}
	return out, nil
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

// sinceIndex maps list → name → first release listing it; list → "" → the
// oldest release known.
func sinceIndex(history []*snapshot.Snapshot) map[string]map[string]string {
	out := map[string]map[string]string{}
	note := func(list, name, date string) {
		if out[list] == nil {
			out[list] = map[string]string{"": history[0].Effective}
		}
		if _, ok := out[list][name]; !ok {
			out[list][name] = date
		}
	}
	for _, s := range history {
		for _, n := range s.CardTypes {
			note(snapshot.FactCardTypes, n, s.Effective)
		}
		for _, n := range s.Supertypes {
			note(snapshot.FactSupertypes, n, s.Effective)
		}
		for c, names := range s.Subtypes {
			for _, n := range names {
				note(c, n, s.Effective)
			}
		}
		for _, sym := range s.ManaSymbols {
			note(snapshot.FactMana, sym.Symbol, s.Effective)
		}
	}
	return out
}

// categoryCardTypes reads which card types a category belongs to from the
// first sentence of its subrule: "Creatures and kindreds share their lists
// of subtypes" → creature, kindred; "Instants and sorceries share ..." →
// instant, sorcery; "One dungeon card (Undercity) has a subtype" → dungeon.
func categoryCardTypes(en *snapshot.Snapshot, cat string) ([]string, error) {
	rule := en.SubtypeRules[cat]
	text := en.Rules[rule]
	first, _, _ := strings.Cut(text, ";")
	first, _, _ = strings.Cut(first, ".")
	words := strings.FieldsFunc(strings.ToLower(first), func(r rune) bool { return !('a' <= r && r <= 'z') })
	var out []string
	for _, ct := range en.CardTypes {
		forms := []string{ct, ct + "s", strings.TrimSuffix(ct, "y") + "ies"}
		if slices.ContainsFunc(words, func(w string) bool { return slices.Contains(forms, w) }) {
			out = append(out, ct)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("rule %s (%s types) names no card type in %q: cannot tell which card types its subtypes go with", rule, cat, first)
	}
	return out, nil
}

func readFile(path string) ([]byte, error) { return os.ReadFile(filepath.Clean(path)) }
