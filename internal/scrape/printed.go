package scrape

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// readPrinted reads a printed-forms source.
func readPrinted(doc Document) (*snapshot.Printed, error) {
	p, err := snapshot.UnmarshalPrinted(doc.Data)
	if err != nil {
		return nil, &SourceError{Source: doc.Source.ID, Where: doc.URL, Err: err}
	}
	p.Source = snapshot.Source{ID: doc.Source.ID, URL: doc.URL, SHA256: snapshot.SHA256(doc.Data), Format: doc.Source.Format}
	return p, nil
}

// checkPrinted keeps the printed forms that still make sense against the
// rules and says why it dropped the others: a spelling the rules
// themselves now use, a dropped name the rules list again. A variant must
// spell a name some English release listed (current or since removed: a
// removed name's printed spelling then reports the removal); one that
// spells a name no release has is dropped with a warning. A symbol 107.4 now lists is kept (its
// value must not move) and reported.
func checkPrinted(p *snapshot.Printed, enHistory []*snapshot.Snapshot, en, es *snapshot.Snapshot) []string {
	if en == nil {
		return nil
	}
	var warnings []string
	current := map[string]*snapshot.Snapshot{"en": en, "es": es}
	listed := func(s *snapshot.Snapshot, list, name string) bool {
		return s != nil && slices.ContainsFunc(s.List(list), func(n string) bool { return strings.EqualFold(n, name) })
	}
	p.Variants = slices.DeleteFunc(p.Variants, func(v snapshot.PrintedVariant) bool {
		if !slices.ContainsFunc(enHistory, func(s *snapshot.Snapshot) bool { return listed(s, v.List, v.Current) }) {
			warnings = append(warnings, fmt.Sprintf("printed forms: %q spells %q, which no English release's %s list has: ignored (fix %s, or run make history)", v.Printed, v.Current, v.List, p.Source.ID))
			return true
		}
		if listed(current[v.Lang], v.List, v.Printed) {
			warnings = append(warnings, fmt.Sprintf("printed forms: the rules now spell %q themselves: the variant is redundant (update %s)", v.Printed, p.Source.ID))
			return true
		}
		return false
	})
	p.Dropped = slices.DeleteFunc(p.Dropped, func(d snapshot.DroppedName) bool {
		if listed(current[d.Lang], d.List, d.Printed) {
			warnings = append(warnings, fmt.Sprintf("printed forms: %q is listed by the rules again: no longer a dropped name (update %s)", d.Printed, p.Source.ID))
			return true
		}
		// A dropped name is one the rules dropped before the history
		// begins; one a recorded release lists has its own constant.
		if d.Lang == "en" {
			if i := slices.IndexFunc(enHistory, func(s *snapshot.Snapshot) bool { return listed(s, d.List, d.Printed) }); i >= 0 {
				warnings = append(warnings, fmt.Sprintf("printed forms: %q is listed by the release of %s: it was not dropped before the history begins, and its constant says when it left (update %s)", d.Printed, enHistory[i].Effective, p.Source.ID))
				return true
			}
		}
		return false
	})
	for _, s := range p.Symbols {
		if slices.ContainsFunc(en.ManaSymbols, func(m snapshot.ManaSymbol) bool { return m.Symbol == s.Symbol }) {
			warnings = append(warnings, fmt.Sprintf("printed forms: rule 107.4 now lists %s: its printed entry stays (so its value stays) but is no longer needed", s.Symbol))
		}
	}
	return warnings
}
