package diff

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mtgrules/crgen/internal/snapshot"
)

// Update is the report of a rules update between two snapshot directories:
// each language's diff of its current snapshot, renames and moves checked
// against the new directory's history, and the Spanish lag after it.
type Update struct {
	Diffs []*Report // per language, in snapshot.Languages order
	Lag   *Lag      // nil when a language has no current snapshot
}

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
			o = &snapshot.Snapshot{Lang: lang, Effective: "none"}
		}
		u.Diffs = append(u.Diffs, CompareSpan(between(cur, o, n)))
	}
	u.Lag = SpanishLag(now["en"], now["es"])
	return u, nil
}

// between is old, the releases of store's history strictly between old
// and cur, and cur.
func between(store snapshot.Store, old, cur *snapshot.Snapshot) []*snapshot.Snapshot {
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
	for _, d := range u.Diffs {
		if !d.Empty() {
			return true
		}
	}
	return false
}

// Markdown writes the report for a pull request, under limit bytes in all:
// the diffs share what the lag section leaves.
func (u *Update) Markdown(w io.Writer, limit int) error {
	var lag strings.Builder
	if err := u.Lag.Markdown(&lag); err != nil {
		return err
	}
	left := limit - lag.Len() - 2
	var b strings.Builder
	for i, d := range u.Diffs {
		var part strings.Builder
		share := left / (len(u.Diffs) - i)
		if err := d.Markdown(&part, max(share, 1024)); err != nil {
			return err
		}
		left -= part.Len() + 1
		b.WriteString(part.String())
		b.WriteString("\n")
	}
	b.WriteString(lag.String())
	_, err := io.WriteString(w, b.String())
	return err
}

// Text writes the report for a terminal.
func (u *Update) Text(w io.Writer) error {
	for _, d := range u.Diffs {
		if err := d.Text(w, false); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	return u.Lag.Text(w)
}

// JSON writes the report for machines.
func (u *Update) JSON(w io.Writer) error {
	type diffJSON struct {
		Old     Ref  `json:"old"`
		New     Ref  `json:"new"`
		Changed bool `json:"changed"`
		*Report
	}
	out := struct {
		Changed bool       `json:"changed"`
		Diffs   []diffJSON `json:"diffs"`
		Lag     *Lag       `json:"spanish_lag"`
	}{Changed: u.Changed(), Lag: u.Lag}
	for _, d := range u.Diffs {
		if d.Moved == nil {
			d.Moved = []Move{}
		}
		if d.Rules == nil {
			d.Rules = []RuleChange{}
		}
		out.Diffs = append(out.Diffs, diffJSON{d.Old, d.New, !d.Empty(), d})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
