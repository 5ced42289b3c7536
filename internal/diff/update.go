package diff

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

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
		u.Diffs = append(u.Diffs, CompareSpan(between(cur, o, n)))
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

// Markdown writes the report for a pull request, under limit bytes in all:
// the diffs share what the lag section leaves.
func (u *Update) Markdown(w io.Writer, limit int) error {
	var lag strings.Builder
	if err := u.Lag.Markdown(&lag); err != nil {
		return err
	}
	var b strings.Builder
	u.glance(&b)
	if err := u.History.markdown(&b); err != nil {
		return err
	}
	left := limit - lag.Len() - b.Len() - 2
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
	if u.API != nil {
		if _, err := io.WriteString(w, "Go API: "+u.API.Summary()+"\n\n"); err != nil {
			return err
		}
	}
	if err := u.History.text(w); err != nil {
		return err
	}
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
		Changed bool                `json:"changed"`
		History HistoryChange       `json:"history"`
		Diffs   []diffJSON          `json:"diffs"`
		Lag     *Lag                `json:"spanish_lag"`
		API     *apiverdict.Verdict `json:"api,omitempty"`
	}{Changed: u.Changed(), History: u.History, Lag: u.Lag, API: u.API}
	if out.History.Added == nil {
		out.History.Added = []Ref{}
	}
	if out.History.Amended == nil {
		out.History.Amended = []*Report{}
	}
	if out.History.Removed == nil {
		out.History.Removed = []Ref{}
	}
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

// refs lists releases in one line, runs of a language as "en@A … en@B (n)".
func refs(rs []Ref) string {
	if len(rs) > 6 {
		return fmt.Sprintf("%s, %s, … %s (%d releases)", rs[0], rs[1], rs[len(rs)-1], len(rs))
	}
	var s []string
	for _, r := range rs {
		s = append(s, r.String())
	}
	return strings.Join(s, ", ")
}

func (h HistoryChange) text(w io.Writer) error {
	if h.Empty() {
		return nil
	}
	var b strings.Builder
	if len(h.Added)+len(h.Removed) > 0 {
		b.WriteString("history of releases:\n")
		if len(h.Added) > 0 {
			fmt.Fprintf(&b, "  added: %s\n", refs(h.Added))
		}
		if len(h.Removed) > 0 {
			fmt.Fprintf(&b, "  GONE (a recorded release must not disappear): %s\n", refs(h.Removed))
		}
		b.WriteString("\n")
	}
	for _, a := range h.Amended {
		fmt.Fprintf(&b, "amendment of the recorded release %s:\n", a.New)
		if err := a.Text(&b, false); err != nil {
			return err
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (h HistoryChange) markdown(b *strings.Builder) error {
	if h.Empty() {
		return nil
	}
	b.WriteString("## History of releases\n\n")
	if len(h.Added) > 0 {
		fmt.Fprintf(b, "- Added to the history: %s\n", md(refs(h.Added)))
	}
	if len(h.Removed) > 0 {
		fmt.Fprintf(b, "- ⚠️ **Gone from the history** (a recorded release must never disappear): %s\n", md(refs(h.Removed)))
	}
	for _, a := range h.Amended {
		fmt.Fprintf(b, "- ✏️ **Amended**: the recorded release %s was corrected on purpose (values of the generated constants do not move)\n", md(a.New.String()))
	}
	b.WriteString("\n")
	for _, a := range h.Amended {
		var part strings.Builder
		if err := a.Markdown(&part, 8192); err != nil {
			return err
		}
		b.WriteString(strings.Replace(part.String(), "## Comprehensive Rules changes:", "### Amendment of", 1))
		b.WriteString("\n")
	}
	return nil
}

// glance is the first screen of a pull-request report: what a reviewer
// decides from, in the order they decide — names added, removed (their
// constants deprecated), renamed with their evidence, moved, Spanish
// translations changed, amendments of the history, the Spanish lag, the
// verdict on the Go API — and how many rules changed, whose text follows.
func (u *Update) glance(b *strings.Builder) {
	var heads []string
	for _, d := range u.Diffs {
		heads = append(heads, fmt.Sprintf("%s %s → %s", snapshot.LanguageName(d.New.Lang), md(d.Old.Effective), md(d.New.Effective)))
	}
	fmt.Fprintf(b, "## Rules update: %s\n\n", strings.Join(heads, "; "))
	for _, d := range u.Diffs {
		lines := d.glanceLines()
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(b, "**%s** (%s → %s)\n", snapshot.LanguageName(d.New.Lang), md(d.Old.String()), md(d.New.String()))
		for _, l := range lines {
			b.WriteString("- " + l + "\n")
		}
		b.WriteString("\n")
	}
	var more []string
	if !u.History.Empty() {
		var h []string
		if len(u.History.Added) > 0 {
			h = append(h, "added "+md(refs(u.History.Added)))
		}
		for _, a := range u.History.Amended {
			h = append(h, "**amended** "+md(a.New.String()))
		}
		if len(u.History.Removed) > 0 {
			h = append(h, "⚠️ **gone** "+md(refs(u.History.Removed)))
		}
		more = append(more, "**History of releases**: "+strings.Join(h, "; "))
	}
	if u.Lag != nil && !u.Lag.Empty() {
		more = append(more, "**Spanish lag**: "+u.Lag.summary()+" (details below)")
	}
	if u.API != nil {
		mark := ""
		if !u.API.OK() {
			mark = "⚠️ "
		}
		api := mark + "**Go API**: " + md(u.API.Summary())
		for _, c := range u.API.Incompatible {
			api += "\n  - " + md(c)
		}
		more = append(more, api)
	}
	major, minor, compared := 0, 0, false
	for _, d := range u.Diffs {
		a, m := splitMinor(d.Rules)
		major, minor = major+len(a), minor+len(m)
		compared = compared || d.Old.Effective != NoRelease
	}
	if compared { // the first snapshot has no rule text to compare
		text := fmt.Sprintf("**Rule text**: %d %s changed (below)", major, pluralWord(major, "rule", "rules"))
		if minor > 0 {
			text += fmt.Sprintf("; %d more only in typography, cross-references or number", minor)
		}
		more = append(more, text)
	}
	for _, l := range more {
		b.WriteString("- " + l + "\n")
	}
	b.WriteString("\n")
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// glanceLines are a report's changes of names, one line per kind.
func (r *Report) glanceLines() []string {
	var added, removed, renamed, moved, translated []string
	for _, k := range snapshot.Lists() {
		if n := r.Added[k]; len(n) > 0 {
			added = append(added, Label(k)+" "+mdList(n))
		}
		if n := r.Removed[k]; len(n) > 0 {
			removed = append(removed, Label(k)+" "+mdList(n))
		}
		for _, rn := range r.Renamed[k] {
			renamed = append(renamed, fmt.Sprintf("%s %s → %s (%s)", Label(k), md(rn.From), md(rn.To), md(rn.Evidence)))
		}
		for _, tr := range r.Translations[k] {
			translated = append(translated, fmt.Sprintf("%s %s: %s → %s", Label(k), md(tr.EN), md(tr.From), md(tr.To)))
		}
	}
	for _, m := range r.Moved {
		moved = append(moved, fmt.Sprintf("%s: %s → %s", md(m.Name), md(m.From), md(m.To)))
	}
	var meant []string
	for _, m := range r.Meanings {
		meant = append(meant, md(m.String()))
	}
	var out []string
	for _, l := range []struct {
		what  string
		items []string
	}{
		{"➕ **Added**", added},
		{"➖ **Removed** (their constants stay, deprecated)", removed},
		{"✏️ **Renamed**", renamed},
		{"**Moved**", moved},
		{"**Meaning changed**", meant},
		{"**Translations changed**", translated},
	} {
		if len(l.items) > 0 {
			out = append(out, l.what+": "+strings.Join(l.items, "; "))
		}
	}
	if len(r.Typography) > 0 {
		n := 0
		for _, t := range r.Typography {
			n += len(t)
		}
		out = append(out, fmt.Sprintf("typography of %d %s (details below)", n, pluralWord(n, "name", "names")))
	}
	return out
}

// mdList is names escaped and joined, cut after twelve.
func mdList(names []string) string {
	var out []string
	for i, n := range names {
		if i == 12 {
			out = append(out, fmt.Sprintf("and %d more", len(names)-12))
			break
		}
		out = append(out, md(n))
	}
	return strings.Join(out, ", ")
}
