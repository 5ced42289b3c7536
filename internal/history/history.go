// Package history answers "since when, until when, in which list" for a
// subtype, card type, supertype or mana symbol, from the snapshots of every
// release of a language.
package history

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// Period is one unbroken stretch of releases that list a name in one list.
type Period struct {
	Lang  string `json:"lang"`
	Name  string `json:"name"` // as printed in that language
	List  string `json:"list"` // category, or card_types, supertypes, mana_symbols, basic_land_types
	Group string `json:"group,omitempty"`
	First string `json:"first"` // first release listing it
	// Before is the release before First in the history that carries the
	// list without the name: the name came between the two. The history
	// may lack releases between them, so First is exact only as far as
	// the history is complete.
	Before    string `json:"before,omitempty"`
	Last      string `json:"last"`                 // last release listing it
	RemovedIn string `json:"removed_in,omitempty"` // first release no longer listing it
	English   string `json:"english,omitempty"`    // for Spanish names, the paired English entry
	// Oldest and Newest say whether First and Last are the ends of the
	// known history, where "since" and "until" are only bounds.
	Oldest bool `json:"oldest"`
	Newest bool `json:"newest"`
	// Unrecorded are the releases known to exist and not recorded
	// (snapshot.Catalogue) between Before and First, where the name may
	// have come; UnrecordedGone those between Last and RemovedIn, where
	// it may have gone. Set by Annotate.
	Unrecorded     []string `json:"unrecorded,omitempty"`
	UnrecordedGone []string `json:"unrecorded_gone,omitempty"`
}

// Annotate sets each period's Unrecorded and UnrecordedGone from the
// catalogue of releases not recorded.
func Annotate(periods []Period, c *snapshot.Catalogue) {
	for i := range periods {
		p := &periods[i]
		if p.Before != "" {
			p.Unrecorded = c.Between(p.Lang, p.Before, p.First)
		}
		if p.RemovedIn != "" {
			p.UnrecordedGone = c.Between(p.Lang, p.Last, p.RemovedIn)
		}
	}
}

func (p Period) String() string {
	what := p.List + " type" // a category: "artifact type"
	if f := snapshot.FactNamed(p.List); f != nil {
		what = f.Noun // "card type", "keyword action", "zone"
	}
	if p.List == snapshot.FactMana {
		what = p.Group + " mana symbol"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s", p.Name, p.Lang, what)
	if p.English != "" {
		fmt.Fprintf(&b, " (English %s)", p.English)
	}
	switch {
	case p.Oldest:
		fmt.Fprintf(&b, ", since at least %s (the oldest %s release known)", p.First, p.Lang)
	case p.Before != "" && len(p.Unrecorded) > 0:
		fmt.Fprintf(&b, ", since %s or an unrecorded release before it (%s; not in %s, the release before it here)", p.First, strings.Join(p.Unrecorded, ", "), p.Before)
	case p.Before != "":
		fmt.Fprintf(&b, ", since %s (not in %s, the release before it here)", p.First, p.Before)
	default:
		fmt.Fprintf(&b, ", since %s", p.First)
	}
	switch {
	case p.RemovedIn != "" && len(p.UnrecordedGone) > 0:
		fmt.Fprintf(&b, ", until %s (gone in %s, or in an unrecorded release before it: %s)", p.Last, p.RemovedIn, strings.Join(p.UnrecordedGone, ", "))
	case p.RemovedIn != "":
		fmt.Fprintf(&b, ", until %s (gone in %s)", p.Last, p.RemovedIn)
	case p.Newest:
		fmt.Fprintf(&b, ", still listed as of %s", p.Last)
	default:
		fmt.Fprintf(&b, ", last seen %s", p.Last)
	}
	return b.String()
}

// Find returns every period in which snaps (one language, any order) list
// name, matched case-insensitively with either apostrophe.
func Find(snaps []*snapshot.Snapshot, name string) []Period {
	sorted := slices.Clone(snaps)
	slices.SortFunc(sorted, func(a, b *snapshot.Snapshot) int { return strings.Compare(a.Effective, b.Effective) })
	want := NameKey(name)
	var out []Period
	lists := snapshot.ListsOf(sorted...)
	open := map[string]*Period{}   // list → current period
	carried := map[string]string{} // list → the last release carrying it
	for i, s := range sorted {
		present := entries(s)
		for _, list := range lists {
			if !s.Carries(list) {
				continue // a rule page that lacks the list says nothing about it
			}
			e, ok := present[list+"\x00"+want]
			p := open[list]
			switch {
			case ok && p == nil:
				open[list] = &Period{Lang: s.Lang, Name: e.name, List: list, Group: e.group, First: s.Effective, Before: carried[list], Last: s.Effective, English: e.english, Oldest: i == 0}
			case ok:
				p.Last, p.Name, p.Group = s.Effective, e.name, e.group
				if e.english != "" {
					p.English = e.english
				}
			case p != nil:
				p.RemovedIn = s.Effective
				out = append(out, *p)
				delete(open, list)
			}
			carried[list] = s.Effective
		}
	}
	for _, list := range lists {
		if p := open[list]; p != nil {
			p.Newest = true
			out = append(out, *p)
		}
	}
	slices.SortStableFunc(out, func(a, b Period) int { return strings.Compare(a.First, b.First) })
	return out
}

type entry struct{ name, group, english string }

func entries(s *snapshot.Snapshot) map[string]entry {
	m := map[string]entry{}
	english := map[string]string{}
	for c, pairs := range s.PairingEN {
		for _, p := range pairs {
			english[c+"\x00"+p.ES] = p.EN
		}
	}
	for _, key := range snapshot.ListsOf(s) {
		if key == snapshot.FactMana {
			continue
		}
		for _, n := range s.List(key) {
			m[key+"\x00"+NameKey(n)] = entry{name: n, english: english[key+"\x00"+n]}
		}
	}
	for _, sym := range s.ManaSymbols {
		m[snapshot.FactMana+"\x00"+NameKey(sym.Symbol)] = entry{name: sym.Symbol, group: sym.Group}
	}
	return m
}

// NameKey is the identity of a name within a list, whatever its
// typography: case, apostrophe and spacing folded ("Urza's" and "Urza’s"
// are one name).
func NameKey(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "'", "’")), " "))
}
