package scrape

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// A recorded release is immutable: what snapshots/<lang>/<date>.json says
// is what that release said, and every value, date and report rests on
// it. A read of the same release that says something else (a live page
// re-served broken, a capture replaced without a new date, a changed copy
// imported) is refused before anything is written; correcting a record is
// an explicit amendment. A read that only adds facts the record did not
// carry (the official TXT of a release recorded from a rule page) is not
// a change of what it said.

// RecordedError is a read that would rewrite a recorded release.
type RecordedError struct {
	Release string // "en@2026-02-27"
	Path    string
	Change  *diff.Report // what the read says differently, record → read
	Docs    []Document   // the documents read for the release
}

func (e *RecordedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "refusing to rewrite the recorded release %s (%s): this read of it says otherwise:\n", e.Release, e.Path)
	for _, line := range describeChange(e.Change) {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	var from []string
	captured, live := false, false
	for _, d := range e.Docs {
		from = append(from, d.Source.ID+" ("+d.URL+")")
		captured = captured || (!d.Live && d.Source.Captured != nil)
		live = live || d.Live
	}
	fmt.Fprintf(&b, "read from %s.\n", strings.Join(from, ", "))
	b.WriteString("A recorded release is never rewritten by a read; nothing was written. Next step, whichever is true:\n")
	if live {
		b.WriteString("  - the live source serves a broken or different document under a recorded date: check it, and run again later;\n")
	}
	if captured {
		b.WriteString("  - the capture is of a newer release: record it with its own date, scrape accept -effective YYYY-MM-DD FILE, then scrape;\n")
	}
	fmt.Fprintf(&b, "  - the record is wrong and this read is right: amend it on purpose, scrape -amend %s (values of the generated constants do not move; the report shows the amendment).", e.Release)
	return b.String()
}

// describeChange lists what differs, one line per list or rule, names
// included.
func describeChange(r *diff.Report) []string {
	var out []string
	for _, k := range r.Lists() {
		var parts []string
		if a := r.Added[k]; len(a) > 0 {
			parts = append(parts, fmt.Sprintf("%d not in the record (%s)", len(a), abbreviateNames(a)))
		}
		if rm := r.Removed[k]; len(rm) > 0 {
			parts = append(parts, fmt.Sprintf("%d of the record missing (%s)", len(rm), abbreviateNames(rm)))
		}
		for _, rn := range r.Renamed[k] {
			parts = append(parts, fmt.Sprintf("%s spelled %s", rn.From, rn.To))
		}
		for _, rn := range r.Typography[k] {
			parts = append(parts, fmt.Sprintf("%s printed %s", rn.From, rn.To))
		}
		for _, tr := range r.Translations[k] {
			parts = append(parts, fmt.Sprintf("%s translated %s, recorded %s", tr.EN, tr.To, tr.From))
		}
		if len(parts) > 0 {
			out = append(out, fmt.Sprintf("%s: %s", report.Label(k), strings.Join(parts, "; ")))
		}
	}
	for _, m := range r.Moved {
		out = append(out, fmt.Sprintf("%s: recorded in %s, read in %s", m.Name, m.From, m.To))
	}
	for _, m := range r.Meanings {
		out = append(out, m.String())
	}
	var rules []string
	for _, rc := range r.Rules {
		rules = append(rules, rc.Number)
	}
	if len(rules) > 0 {
		out = append(out, fmt.Sprintf("rule text differs: %s", abbreviateNames(rules)))
	}
	if len(out) == 0 {
		out = append(out, "the pairing or printed forms differ")
	}
	return out
}

func abbreviateNames(names []string) string {
	const show = 8
	if len(names) <= show {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:show], ", ") + fmt.Sprintf(", and %d more", len(names)-show)
}

// loadRecorded reads the recorded release at path, or nil when there is
// none.
func loadRecorded(path string) (*snapshot.Snapshot, error) {
	s, err := snapshot.Load(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return s, err
}

// recordedChange says how read changes what the record says, or nil when
// it only adds fact groups the record did not carry: every group the
// record carries must read the same, lists, pairing and rule text.
func recordedChange(record, read *snapshot.Snapshot) *diff.Report {
	a, b := snapshot.Empty(record.Lang, record.Effective), snapshot.Empty(read.Lang, read.Effective)
	for _, g := range snapshot.Groups() {
		if g.Present(record) {
			g.Copy(a, record)
			g.Copy(b, read)
		}
	}
	a.Forms, b.Forms = record.Forms, read.Forms
	completeMeaning(a, b, record, read)
	finish(a)
	finish(b)
	if snapshot.SameFacts(a, b) {
		return nil
	}
	return diff.Compare(a, b)
}

// completeMeaning leaves out of the comparison what the record does not
// carry and the read adds (a completion, not a change): which card types
// each category goes with, the rule on choosing a subtype, a symbol's
// meaning, the words of a symbol's group, a relation of a list and the
// rules it is read from (each zone's kind, 400.2).
func completeMeaning(a, b, record, read *snapshot.Snapshot) {
	for n := range b.Rules {
		// A rule the record's reading did not own (400.2, before the
		// zones' kinds were read); a new subrule of a rule it owned is a
		// change.
		if _, ok := a.Rules[n]; !ok && record.FactOfRule(n) == "" {
			delete(b.Rules, n)
		}
	}
	for k := range b.Relations {
		if _, ok := record.Relations[k]; !ok {
			delete(b.Relations, k)
		}
	}
	if record.SubtypeCardTypes == nil {
		b.SubtypeCardTypes = nil
	}
	// The forms of the keywords and the subrules they are read from
	// (702.21a, 701.22a): forms a record lacks are a completion, as long
	// as every form it has is read again (a form of the ability's name
	// alone that the read gives its parameters, "Bands with other" →
	// "Bands with other [quality]", is read again as that).
	b.KeywordForms = completedForms(record.KeywordForms, b.KeywordForms)
	b.KeywordActionForms = completedForms(record.KeywordActionForms, b.KeywordActionForms)
	b.KeywordDesignations = completedForms(record.KeywordDesignations, b.KeywordDesignations)
	b.KeywordActionThrough = completedForms(record.KeywordActionThrough, b.KeywordActionThrough)
	for n := range b.Rules {
		if _, ok := record.Rules[n]; !ok && formRule(read, n) {
			delete(b.Rules, n)
		}
	}
	if record.SubtypeChoiceRule == "" {
		b.SubtypeChoiceRule = ""
	}
	recorded := map[string]snapshot.ManaSymbol{}
	for _, m := range record.ManaSymbols {
		recorded[m.Symbol] = m
	}
	for i, m := range b.ManaSymbols {
		r, ok := recorded[m.Symbol]
		if !ok || r.Meaning == nil {
			b.ManaSymbols[i].Meaning = nil
		}
		if !ok || r.GroupWords == "" {
			b.ManaSymbols[i].GroupWords = ""
		}
	}
}

// checkAmend refuses an amendment of a release the history does not hold.
func checkAmend(amend []string, history map[string][]*snapshot.Snapshot) error {
	for _, k := range amend {
		lang, date, _ := strings.Cut(k, "@")
		if !slices.ContainsFunc(history[lang], func(s *snapshot.Snapshot) bool { return s.Effective == date }) {
			return fmt.Errorf("-amend %s: the history holds no such release (amend names a recorded release as lang@YYYY-MM-DD)", k)
		}
	}
	return nil
}

// refuseStale refuses a live document older than the newest release the
// history records of its language: a live page serves the newest rules,
// so an older one is a stale page or a mirror, not news. One of a
// recorded date is compared with its record instead.
func refuseStale(rd *readings, history map[string][]*snapshot.Snapshot) error {
	for k, docs := range rd.docs {
		for i, d := range docs {
			if !d.Live {
				continue
			}
			s := rd.byRelease[k][i]
			h := history[s.Lang]
			if len(h) == 0 || slices.ContainsFunc(h, func(r *snapshot.Snapshot) bool { return r.Effective == s.Effective }) {
				continue
			}
			if newest := h[len(h)-1].Effective; s.Effective < newest {
				return &SourceError{Source: d.Source.ID, Where: d.URL, Err: fmt.Errorf(
					"the live document is the release of %s, older than the newest %s release recorded, %s: a stale page or mirror is not a rules update; nothing was written (to add an older release to the history on purpose, scrape import FILE)",
					s.Effective, snapshot.LanguageName(s.Lang), newest)}
			}
		}
	}
	return nil
}

// completedForms is the forms a read gives, as the comparison with its
// record sees them: the record's own where the read gives each of them,
// or, for a form of a name alone, that form with parameters; the read's
// where it does not (a change).
func completedForms(recorded, read snapshot.KeywordForms) snapshot.KeywordForms {
	if recorded == nil {
		return nil
	}
	for k, rs := range recorded {
		kept := true
		for _, r := range rs {
			kept = kept && slices.ContainsFunc(read[k], func(f snapshot.KeywordForm) bool {
				return f == r || f.Rule == r.Rule && !strings.Contains(r.Form, "[") && strings.HasPrefix(f.Form, r.Form+" [")
			})
		}
		if !kept {
			return read
		}
	}
	return recorded // what the read adds completes the record
}

// formRule reports whether rule n of a read is quoted for a form of a
// keyword (a subrule of 701 or 702, or a symbol's rule such as 721.2a).
func formRule(s *snapshot.Snapshot, n string) bool {
	switch s.FactOfRule(n) {
	case snapshot.FactKeywordAbilities, snapshot.FactKeywordActions:
		return true
	case "":
		for _, forms := range []snapshot.KeywordForms{s.KeywordForms, s.KeywordActionForms, s.KeywordDesignations, s.KeywordActionThrough} {
			for _, fs := range forms {
				if slices.ContainsFunc(fs, func(f snapshot.KeywordForm) bool { return f.Rule == n }) {
					return true
				}
			}
		}
	}
	return false
}
