package diff

import (
	"fmt"

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
	Added   []Ref     `json:"added"`
	Amended []*Report `json:"amended"` // each the diff of the record before and after
	Removed []Ref     `json:"removed"` // a recorded release gone: never by the tools
}

// Empty reports whether the history is the same.
func (h HistoryChange) Empty() bool {
	return len(h.Added) == 0 && len(h.Amended) == 0 && len(h.Removed) == 0
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
			case !snapshot.SameFacts(o, s):
				h.Amended = append(h.Amended, Compare(o, s))
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
