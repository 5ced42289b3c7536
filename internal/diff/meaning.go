package diff

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/worddiff"
)

// Meaning is one fact of meaning that changed.
type Meaning struct {
	Of   string `json:"of"`   // "{W/P}", "creature"
	What string `json:"what"` // MeaningMana, MeaningCardTypes, MeaningChoice
	From string `json:"from"`
	To   string `json:"to"`
}

// meanings reports what the rules say differently of the entries both
// snapshots list, where both say it (a release recorded before meanings
// were read says nothing of them).
func (r *Report) meanings(old, cur *snapshot.Snapshot) {
	before := map[string]*snapshot.Meaning{}
	for _, s := range old.ManaSymbols {
		before[s.Symbol] = s.Meaning
	}
	for _, s := range cur.ManaSymbols {
		if was, ok := before[s.Symbol]; ok && was != nil && s.Meaning != nil && !was.Same(s.Meaning) {
			r.Meanings = append(r.Meanings, Meaning{Of: s.Symbol, What: MeaningMana, From: was.String(), To: s.Meaning.String()})
		}
	}
	if old.SubtypeCardTypes != nil && cur.SubtypeCardTypes != nil {
		renamed := map[string]string{} // a card type renamed is not a change of what goes with it
		for _, rn := range slices.Concat(r.Renamed[snapshot.FactCardTypes], r.Typography[snapshot.FactCardTypes]) {
			renamed[rn.From] = rn.To
		}
		for _, c := range snapshot.CategoryOrder(old, cur) {
			was, ok1 := old.SubtypeCardTypes[c]
			now, ok2 := cur.SubtypeCardTypes[c]
			as := func(t string) string { return cmp.Or(renamed[t], t) }
			if ok1 && ok2 && !slices.Equal(was, now) && !slices.EqualFunc(was, now, func(a, b string) bool { return as(a) == b }) {
				r.Meanings = append(r.Meanings, Meaning{Of: c, What: MeaningCardTypes, From: strings.Join(was, ", "), To: strings.Join(now, ", ")})
			}
		}
	}
	for _, of := range [...]struct {
		fact     string
		was, now snapshot.KeywordForms
	}{{snapshot.FactKeywordAbilities, old.KeywordForms, cur.KeywordForms}, {snapshot.FactKeywordActions, old.KeywordActionForms, cur.KeywordActionForms}} {
		if of.was == nil || of.now == nil {
			continue
		}
		// A keyword both list whose forms changed ("Ward [cost]" →
		// "Ward—[cost]", "scry N" → "scry N [quality]"), its name alone
		// when its rule writes none; a change of apostrophes or quotes is
		// typography ("Doctor’s companion", "Doctor's companion").
		kept := cur.List(of.fact)
		for _, k := range old.List(of.fact) {
			if slices.Contains(kept, k) {
				if was, now := formsOf(of.was, k, k), formsOf(of.now, k, k); worddiff.TypographyKey(was) != worddiff.TypographyKey(now) {
					r.Meanings = append(r.Meanings, Meaning{Of: k, What: MeaningKeywordForm, From: was, To: now})
				}
			}
		}
	}
	// A keyword action both list whose rule now defines it through other
	// actions, or no longer does (investigate through create, 2016-09-30,
	// when its rule came to create the Clue it put onto the battlefield).
	if old.KeywordActionForms != nil && cur.KeywordActionForms != nil {
		kept := cur.List(snapshot.FactKeywordActions)
		for _, k := range old.List(snapshot.FactKeywordActions) {
			if was, now := formsOf(old.KeywordActionThrough, k, "none"), formsOf(cur.KeywordActionThrough, k, "none"); slices.Contains(kept, k) && !strings.EqualFold(was, now) {
				r.Meanings = append(r.Meanings, Meaning{Of: k, What: MeaningKeywordThrough, From: was, To: now})
			}
		}
	}
	if old.Lang == "en" && old.Has(snapshot.FactSubtypes) && cur.Has(snapshot.FactSubtypes) && (old.SubtypeChoiceRule == "") != (cur.SubtypeChoiceRule == "") {
		said := func(rule string) string {
			if rule == "" {
				return "not said"
			}
			return "rule " + rule
		}
		r.Meanings = append(r.Meanings, Meaning{Of: "205.3", What: MeaningChoice, From: said(old.SubtypeChoiceRule), To: said(cur.SubtypeChoiceRule)})
	}
}

// formsOf is what forms says of keyword k, its forms joined by "; ", or
// none where it says nothing.
func formsOf(forms snapshot.KeywordForms, k, none string) string {
	var out []string
	for _, f := range forms[k] {
		out = append(out, f.Form)
	}
	return cmp.Or(strings.Join(out, "; "), none)
}

func (r *Report) regroupedSymbols(old, cur *snapshot.Snapshot) {
	groups := map[string]string{}
	for _, s := range old.ManaSymbols {
		groups[s.Symbol] = s.Group
	}
	for _, s := range cur.ManaSymbols {
		if g, ok := groups[s.Symbol]; ok && g != s.Group {
			r.Moved = append(r.Moved, Move{Name: s.Symbol, From: "mana:" + g, To: "mana:" + s.Group})
		}
	}
}

// translations reports Spanish names that changed for the same English
// entry, and removes them from the added, removed and renamed lists, where
// they would read as a subtype leaving or being renamed in the rules.
func (r *Report) translations(old, cur *snapshot.Snapshot) {
	for _, c := range snapshot.CategoryOrder(old, cur) {
		before := map[string]string{}
		for _, p := range old.PairingEN[c] {
			before[p.EN] = p.ES
		}
		for _, p := range cur.PairingEN[c] {
			was, ok := before[p.EN]
			if !ok || was == p.ES {
				continue
			}
			// The rule text shows the old Spanish word replaced by the new
			// one, which pairRenames took for a rename: it is a translation.
			r.Renamed[c] = slices.DeleteFunc(r.Renamed[c], func(x Rename) bool { return x.From == was && x.To == p.ES })
			if len(r.Renamed[c]) == 0 {
				delete(r.Renamed, c)
			}
			if slices.Contains(r.Removed[c], was) && slices.Contains(r.Added[c], p.ES) {
				r.Removed[c] = slices.DeleteFunc(r.Removed[c], func(s string) bool { return s == was })
				r.Added[c] = slices.DeleteFunc(r.Added[c], func(s string) bool { return s == p.ES })
			}
			if tr := r.Typography[c]; slices.ContainsFunc(tr, func(x Rename) bool { return x.From == was && x.To == p.ES }) {
				continue // typography, already reported
			}
			r.Translations[c] = append(r.Translations[c], Translate{EN: p.EN, From: was, To: p.ES})
		}
		if len(r.Removed[c]) == 0 {
			delete(r.Removed, c)
		}
		if len(r.Added[c]) == 0 {
			delete(r.Added, c)
		}
	}
}
