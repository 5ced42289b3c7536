package diff

import (
	"fmt"
	"slices"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Update is the report of a rules update between two snapshot directories:
// each language's diff of its current snapshot, renames and moves checked
// against the new directory's history, and the Spanish lag after it.
type Update struct {
	Diffs []*Report // per language, in snapshot.Languages order
	Lag   *Lag      // nil when a language has no current snapshot
	// History is what changed in the recorded releases themselves:
	// releases added (an import, a new release), amended on purpose, or
	// gone.
	History HistoryChange
	// API is the verdict on the Go API of generated/ before and after,
	// when it was checked (gen api -json); nil otherwise.
	API *apiverdict.Verdict
}

// HistoryChange lists the releases of the history that differ between
// two snapshot directories.
type HistoryChange struct {
	Added []Ref `json:"added"`
	// Completed are recorded releases that gained facts they did not
	// carry and changed none they did: not a correction.
	Completed []Completion `json:"completed"`
	Amended   []*Report    `json:"amended"` // each the diff of the record before and after
	Removed   []Ref        `json:"removed"` // a recorded release gone: never by the tools
}

// Empty reports whether the history is the same.
func (h HistoryChange) Empty() bool {
	return len(h.Added) == 0 && len(h.Completed) == 0 && len(h.Amended) == 0 && len(h.Removed) == 0
}

// Completion is a recorded release that gained facts it did not carry,
// every fact it carried read the same: the official TXT of a release the
// history held from rule pages only (the 205.3 page comes out first), or
// a list read for every release once the project learned to read it
// (make history).
type Completion struct {
	Release Ref `json:"release"`
	// From says what it was completed from: CompletedFromTXT,
	// CompletedFromPages, or CompletedByReading (its own documents, read
	// for more).
	From string `json:"from"`
	// Lists are the facts it carries now and did not, in registry order;
	// Meanings is set when it gained what its mana symbols mean.
	Lists    []CompletedList `json:"lists"`
	Meanings bool            `json:"meanings,omitempty"`
}

// CompletedList is one fact a completion brought: its name in the
// registry (card_types, keyword_actions, ...) and how many names it
// lists (for the subtypes, of every category).
type CompletedList struct {
	List  string `json:"list"`
	Names int    `json:"names"`
}

// What a release was completed from.
const (
	CompletedFromTXT   = "official_txt"
	CompletedFromPages = "rule_pages"
	CompletedByReading = "rereading"
)

// completion reports how cur completes the record old, or false when it
// changes something old said.
func completion(old, cur *snapshot.Snapshot) (Completion, bool) {
	if !Compare(old, cur).Empty() {
		return Completion{}, false
	}
	c := Completion{Release: Ref{cur.Lang, cur.Effective}, From: CompletedByReading, Lists: []CompletedList{}}
	for _, f := range snapshot.Registry {
		if cur.Has(f.Name) && !old.Has(f.Name) {
			c.Lists = append(c.Lists, CompletedList{f.Name, len(f.Get(cur))})
		}
	}
	had := map[string]bool{}
	for _, m := range old.ManaSymbols {
		had[m.Symbol] = m.Meaning != nil
	}
	for _, m := range cur.ManaSymbols {
		c.Meanings = c.Meanings || m.Meaning != nil && !had[m.Symbol] && slices.ContainsFunc(old.ManaSymbols, func(o snapshot.ManaSymbol) bool { return o.Symbol == m.Symbol })
	}
	if len(c.Lists) == 0 && !c.Meanings {
		return Completion{}, false
	}
	for _, src := range cur.Sources {
		if slices.ContainsFunc(old.Sources, func(o snapshot.Source) bool { return o.ID == src.ID }) {
			continue
		}
		if src.Format == snapshot.FormatCRText {
			c.From = CompletedFromTXT
		} else if c.From != CompletedFromTXT {
			c.From = CompletedFromPages
		}
	}
	return c, true
}

// NoRelease is the effective date of the side of an update that had no
// snapshot yet (the first release of the generated packages).
const NoRelease = "none"

// NewUpdate compares the current snapshots of two directories.
func NewUpdate(old, cur snapshot.Store) (*Update, error) {
	u := &Update{}
	now := map[string]*snapshot.Snapshot{}
	for _, lang := range snapshot.Languages {
		o, err := old.Current(lang)
		if err != nil {
			return nil, err
		}
		n, err := cur.Current(lang)
		if err != nil {
			return nil, err
		}
		if n == nil {
			return nil, fmt.Errorf("%s: no current %s snapshot", cur.CurrentPath(lang), snapshot.LanguageName(lang))
		}
		now[lang] = n
		if o == nil {
			o = &snapshot.Snapshot{Lang: lang, Effective: NoRelease}
		}
		u.Diffs = append(u.Diffs, CompareSpan(Between(cur, o, n)))
	}
	u.Lag = SpanishLag(now["en"], now["es"])
	h, err := compareHistories(old, cur)
	if err != nil {
		return nil, err
	}
	u.History = h
	return u, nil
}

// compareHistories finds the releases added, amended and gone between
// the histories of two directories.
func compareHistories(old, cur snapshot.Store) (HistoryChange, error) {
	var h HistoryChange
	for _, lang := range snapshot.Languages {
		before, err := old.History(lang)
		if err != nil {
			return h, err
		}
		after, err := cur.History(lang)
		if err != nil {
			return h, err
		}
		was := map[string]*snapshot.Snapshot{}
		for _, s := range before {
			was[s.Effective] = s
		}
		for _, s := range after {
			o, ok := was[s.Effective]
			delete(was, s.Effective)
			switch {
			case !ok:
				h.Added = append(h.Added, Ref{s.Lang, s.Effective})
			case snapshot.SameFacts(o, s):
			default:
				if c, ok := completion(o, s); ok {
					h.Completed = append(h.Completed, c)
				} else {
					h.Amended = append(h.Amended, Compare(o, s))
				}
			}
		}
		for _, s := range before {
			if _, gone := was[s.Effective]; gone {
				h.Removed = append(h.Removed, Ref{s.Lang, s.Effective})
			}
		}
	}
	return h, nil
}

// Between is old, the releases of store's history strictly between old
// and cur, and cur.
func Between(store snapshot.Store, old, cur *snapshot.Snapshot) []*snapshot.Snapshot {
	out := []*snapshot.Snapshot{old}
	if h, err := store.History(old.Lang); err == nil {
		for _, s := range h {
			if s.Effective > old.Effective && s.Effective < cur.Effective {
				out = append(out, s)
			}
		}
	}
	return append(out, cur)
}

// CompletionOf is the completion of release r the history records, if
// any.
func (h HistoryChange) CompletionOf(r Ref) (Completion, bool) {
	for _, c := range h.Completed {
		if c.Release == r {
			return c, true
		}
	}
	return Completion{}, false
}

// Changed reports whether any language changed.
func (u *Update) Changed() bool {
	if !u.History.Empty() {
		return true
	}
	for _, d := range u.Diffs {
		if !d.Empty() {
			return true
		}
	}
	return false
}
