package diff

import (
	"slices"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// Lag is how far the Spanish rules are behind the English ones: English
// publishes first, so after an update some English names have no Spanish
// partner yet, and the Spanish page may still list names English dropped.
// Neither stops a refresh; both are worth a reviewer's eye.
type Lag struct {
	EN, ES Ref `json:"-"`
	// Untranslated maps a list to the English names no Spanish source
	// pairs yet, in rule order.
	Untranslated map[string][]string `json:"untranslated"`
	// Dropped maps a list to the Spanish pairs whose English name the
	// English rules no longer list.
	Dropped map[string][]snapshot.Pair `json:"dropped"`
	// NoSource are the lists English carries that no Spanish source gives
	// (the keyword lists): their Spanish names are all missing, which is
	// said once per list, not once per name.
	NoSource []string `json:"no_source"`
}

// Lists returns the lists the lag names, in report order.
func (l *Lag) Lists() []string {
	var keys []string
	for k := range l.Untranslated {
		keys = append(keys, k)
	}
	for k := range l.Dropped {
		keys = append(keys, k)
	}
	return snapshot.SortLists(keys)
}

// SpanishLag compares the current English and Spanish snapshots.
func SpanishLag(en, es *snapshot.Snapshot) *Lag {
	l := &Lag{EN: Ref{en.Lang, en.Effective}, ES: Ref{es.Lang, es.Effective},
		Untranslated: map[string][]string{}, Dropped: map[string][]snapshot.Pair{}}
	for _, k := range snapshot.ListsOf(en, es) {
		if f := snapshot.FactNamed(k); f != nil && !f.Spanish && en.Carries(k) && f.Package != "" {
			l.NoSource = append(l.NoSource, k)
			continue
		}
		pairs, ok := es.PairingEN[k]
		// A category the Spanish 205.3 does not have yet lags whole; a
		// list no Spanish source covers has nothing to compare.
		newCategory := snapshot.IsCategory(k) && es.Has(snapshot.FactSubtypes)
		if !ok && !newCategory || !en.Carries(k) {
			continue
		}
		paired := map[string]bool{}
		for _, p := range pairs {
			paired[p.EN] = true
		}
		current := en.List(k)
		for _, n := range current {
			if !paired[n] {
				l.Untranslated[k] = append(l.Untranslated[k], n)
			}
		}
		for _, p := range pairs {
			if !slices.Contains(current, p.EN) {
				l.Dropped[k] = append(l.Dropped[k], p)
			}
		}
	}
	return l
}

// Empty reports whether Spanish is level with English in every list a
// Spanish source gives.
func (l *Lag) Empty() bool { return len(l.Untranslated) == 0 && len(l.Dropped) == 0 }
