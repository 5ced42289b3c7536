package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// UpdateMarkdown writes the report for a pull request, under limit bytes
// in all: the diffs share what the lag section leaves.
func UpdateMarkdown(w io.Writer, u *diff.Update, limit int) error {
	return FullMarkdown(w, u, Rules{}, limit)
}

// WholeNote says where a pull request's whole diff of the rules is when
// its comment cannot hold it.
const WholeNote = "The whole diff is `" + WholeFile + "` among this pull request's files."

// WholeFile is where a refresh writes the whole diff of the rules (scrape
// report -whole-file).
const WholeFile = "snapshots/rules/CHANGES.md"

// NoWholeChange is the whole diff of the rules (WholeFile) of an update
// that changed no rule, heading or glossary entry.
const NoWholeChange = "The rules did not change: no release of them is new, completed or amended."

// Rules is what a report says of the rule books beside the lists: every
// whole diff of each language's book (a release new, completed, amended
// or recorded), and the pairings of rules a maintainer amended (scrape
// pair).
type Rules struct {
	Whole    []*rulebook.Change
	Pairings []rulebook.PairAmendment
	// Page, when set, is the address of the site's page of the change
	// of lang's release date (site.ChangeURL): the pull request names it
	// beside each whole diff.
	Page func(lang, date string) string
}

// WholeMarkdown is every whole diff of r, uncut, or NoWholeChange: what
// the refresh writes to WholeFile.
func (r Rules) WholeMarkdown(w io.Writer) error {
	if len(r.Whole) == 0 {
		_, err := io.WriteString(w, NoWholeChange+"\n")
		return err
	}
	for i, c := range r.Whole {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := ChangeMarkdown(w, c, math.MaxInt, ""); err != nil {
			return err
		}
	}
	return nil
}

// wholeLine is the first screen's line of the whole diffs: what each
// is, and its counts.
func wholeLine(r Rules) string {
	var parts []string
	for _, c := range r.Whole {
		page := ""
		if r.Page != nil {
			page = "; [its page](" + r.Page(c.Lang, c.To) + ")"
		}
		parts = append(parts, md(changeName(c))+" ("+md(docCounts(&c.DocDiff))+page+")")
	}
	if len(parts) == 0 {
		return ""
	}
	return "**The whole rules**: " + strings.Join(parts, "; ") + " (below)"
}

// Changed reports whether the rule books say anything new.
func (r Rules) Changed() bool { return len(r.Whole)+len(r.Pairings) > 0 }

// pairingLine is one release's amended pairs: "en@2013-07-13: set
// 702.12 → 702.13; dropped 702.14 → 702.15", each pair through quote.
func pairingLine(a rulebook.PairAmendment, quote func(string) string) string {
	var parts []string
	for _, set := range [...]struct {
		what  string
		moves []rulebook.Move
	}{{"set", a.Set}, {"dropped", a.Dropped}} {
		if len(set.moves) == 0 {
			continue
		}
		var ms []string
		for _, m := range set.moves {
			ms = append(ms, quote(m.String()))
		}
		parts = append(parts, set.what+" "+strings.Join(ms, ", "))
	}
	return a.Lang + "@" + a.Release + ": " + strings.Join(parts, "; ")
}

// pairingNote says what an amended pairing changes and how to see it.
const pairingNote = "which rule of the release before each rule of the release is (its trace, its renumbering in every whole diff); the words of the rules are unchanged. `scrape diff -whole` of the release and the one before it shows the rules as now paired."

func pairingsText(w io.Writer, ps []rulebook.PairAmendment) error {
	if len(ps) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("pairing of rules amended (scrape pair):\n")
	for _, a := range ps {
		fmt.Fprintf(&b, "  %s\n", pairingLine(a, func(s string) string { return s }))
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func pairingsMarkdown(b *strings.Builder, ps []rulebook.PairAmendment) {
	if len(ps) == 0 {
		return
	}
	b.WriteString("## Pairing of rules amended\n\n")
	for _, a := range ps {
		fmt.Fprintf(b, "- ✏️ %s\n", pairingLine(a, func(s string) string { return "`" + s + "`" }))
	}
	b.WriteString("\nSet by hand with `scrape pair`: " + pairingNote + "\n\n")
}

// FullMarkdown is UpdateMarkdown followed by the pairings amended and
// every whole diff of the rules (r.Whole: a release new, completed,
// amended or recorded), every change complete and collapsible, in what
// the rest leaves of limit: the first screen still leads with the lists,
// and counts the whole diffs. What does not fit is named, with where it
// is whole (WholeNote).
func FullMarkdown(w io.Writer, u *diff.Update, r Rules, limit int) error {
	var rules strings.Builder
	var lag strings.Builder
	if err := LagMarkdown(&lag, u.Lag); err != nil {
		return err
	}
	var b strings.Builder
	glance(&b, u, wholeLine(r))
	if err := historyMarkdown(&b, u.History); err != nil {
		return err
	}
	pairingsMarkdown(&b, r.Pairings)
	left := limit - lag.Len() - b.Len() - 2
	for i, d := range u.Diffs {
		var part strings.Builder
		share := left / (len(u.Diffs) - i)
		if err := Markdown(&part, d, max(share, 1024)); err != nil {
			return err
		}
		left -= part.Len() + 1
		b.WriteString(part.String())
		b.WriteString("\n")
	}
	b.WriteString(lag.String())
	for i, d := range r.Whole {
		left := limit - b.Len() - rules.Len() - 2
		share := left / (len(r.Whole) - i)
		if err := ChangeMarkdown(&rules, d, max(share, 1024), WholeNote); err != nil {
			return err
		}
		rules.WriteString("\n")
	}
	if rules.Len() > 0 {
		b.WriteString("\n")
		b.WriteString(rules.String())
	}
	_, err := io.WriteString(w, fitMarkdown(b.String(), limit))
	return err
}

// UpdateText writes the report for a terminal.
func UpdateText(w io.Writer, u *diff.Update) error { return FullText(w, u, Rules{}) }

// FullText is UpdateText followed by the pairings amended and every
// whole diff of the rules.
func FullText(w io.Writer, u *diff.Update, r Rules) error {
	if err := updateText(w, u); err != nil {
		return err
	}
	if err := pairingsText(w, r.Pairings); err != nil {
		return err
	}
	for _, d := range r.Whole {
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
		if err := ChangeText(w, d); err != nil {
			return err
		}
	}
	return nil
}

func updateText(w io.Writer, u *diff.Update) error {
	if u.API != nil {
		if _, err := io.WriteString(w, "Go API: "+u.API.Summary()+"\n\n"); err != nil {
			return err
		}
	}
	if err := historyText(w, u.History); err != nil {
		return err
	}
	for _, d := range u.Diffs {
		if err := Text(w, d, false); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	return LagText(w, u.Lag)
}

// UpdateJSON writes the report for machines (schemas/report.schema.json):
// every section present, each diff and amendment as scrape diff writes
// one.
func UpdateJSON(w io.Writer, u *diff.Update) error { return FullJSON(w, u, Rules{}) }

// FullJSON is UpdateJSON with every whole diff of the rules
// (whole_rules: what each is, and the diff as scrape diff -whole writes
// one).
func FullJSON(w io.Writer, u *diff.Update, r Rules) error {
	type history struct {
		Added     []diff.Ref        `json:"added"`
		Completed []diff.Completion `json:"completed"`
		Amended   []any             `json:"amended"`
		Removed   []diff.Ref        `json:"removed"`
	}
	h := history{Added: orEmpty(u.History.Added), Completed: orEmpty(u.History.Completed), Amended: []any{}, Removed: orEmpty(u.History.Removed)}
	for _, a := range u.History.Amended {
		h.Amended = append(h.Amended, reportJSON(a))
	}
	out := struct {
		Changed bool                     `json:"changed"`
		History history                  `json:"history"`
		Diffs   []any                    `json:"diffs"`
		Lag     *diff.Lag                `json:"spanish_lag"`
		API     *apiverdict.Verdict      `json:"api,omitempty"`
		Whole   []rulebook.Change        `json:"whole_rules"`
		Pairs   []rulebook.PairAmendment `json:"pairings_amended"`
	}{Changed: u.Changed() || r.Changed(), History: h, Diffs: []any{}, Lag: lagJSON(u.Lag), API: apiJSON(u.API), Whole: []rulebook.Change{}, Pairs: orEmpty(r.Pairings)}
	for _, c := range r.Whole {
		e := *c
		e.Rules, e.Glossary, e.Contents = orEmpty(c.Rules), orEmpty(c.Glossary), orEmpty(c.Contents)
		out.Whole = append(out.Whole, e)
	}
	for _, d := range u.Diffs {
		out.Diffs = append(out.Diffs, reportJSON(d))
	}
	return encode(w, out)
}

// apiJSON is v with every list present, [] rather than null; nil stays
// nil (no verdict was given).
func apiJSON(v *apiverdict.Verdict) *apiverdict.Verdict {
	if v == nil {
		return nil
	}
	c := *v
	c.Added, c.Deprecated, c.Compatible, c.Incompatible = orEmpty(c.Added), orEmpty(c.Deprecated), orEmpty(c.Compatible), orEmpty(c.Incompatible)
	return &c
}

// refs lists releases in one line, runs of a language as "en@A … en@B (n)".
func refs(rs []diff.Ref) string {
	if len(rs) > 6 {
		return fmt.Sprintf("%s, %s, … %s (%d releases)", rs[0], rs[1], rs[len(rs)-1], len(rs))
	}
	var s []string
	for _, r := range rs {
		s = append(s, r.String())
	}
	return strings.Join(s, ", ")
}

func historyText(w io.Writer, h diff.HistoryChange) error {
	if h.Empty() {
		return nil
	}
	var b strings.Builder
	if len(h.Added)+len(h.Completed)+len(h.Removed) > 0 {
		b.WriteString("history of releases:\n")
		if len(h.Added) > 0 {
			fmt.Fprintf(&b, "  added: %s\n", refs(h.Added))
		}
		for _, c := range h.Completed {
			fmt.Fprintf(&b, "  %s\n", completionLine(c, false))
		}
		if len(h.Removed) > 0 {
			fmt.Fprintf(&b, "  GONE (a recorded release must not disappear): %s\n", refs(h.Removed))
		}
		b.WriteString("\n")
	}
	for _, a := range h.Amended {
		fmt.Fprintf(&b, "amendment of the recorded release %s:\n", a.New)
		if err := Text(&b, a, false); err != nil {
			return err
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func historyMarkdown(b *strings.Builder, h diff.HistoryChange) error {
	if h.Empty() {
		return nil
	}
	b.WriteString("## History of releases\n\n")
	if len(h.Added) > 0 {
		fmt.Fprintf(b, "- Added to the history: %s\n", md(refs(h.Added)))
	}
	for _, c := range h.Completed {
		fmt.Fprintf(b, "- ➕ **Completed**: %s\n", completionLine(c, true))
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
		if err := Markdown(&part, a, 8192); err != nil {
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
func glance(b *strings.Builder, u *diff.Update, whole string) {
	var heads []string
	for _, d := range u.Diffs {
		span, note := releaseSpan(d, u.History, false)
		if note != "" {
			span += " (" + note + ")"
		}
		heads = append(heads, snapshot.LanguageName(d.New.Lang)+" "+md(span))
	}
	fmt.Fprintf(b, "## Rules update: %s\n\n", strings.Join(heads, "; "))
	for _, d := range u.Diffs {
		lines := glanceLines(d)
		if len(lines) == 0 {
			continue
		}
		span, note := releaseSpan(d, u.History, true)
		if note != "" {
			span += ", " + note
		}
		fmt.Fprintf(b, "**%s** (%s)\n", snapshot.LanguageName(d.New.Lang), md(span))
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
		for _, c := range u.History.Completed {
			h = append(h, "completed "+md(c.Release.String())+" "+completedFrom(c)+" ("+md(completedLists(c, false))+")")
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
		more = append(more, "**Spanish lag**: "+lagSummary(u.Lag)+" (details below)")
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
		compared = compared || d.Old.Effective != diff.NoRelease
	}
	if compared { // the first snapshot has no rule text to compare
		text := fmt.Sprintf("**Rule text**: %d %s changed (below)", major, pluralWord(major, "rule", "rules"))
		if minor > 0 {
			text += fmt.Sprintf("; %d more only in typography, cross-references or number", minor)
		}
		more = append(more, text)
	}
	if whole != "" {
		more = append(more, whole)
	}
	for _, l := range more {
		b.WriteString("- " + l + "\n")
	}
	b.WriteString("\n")
}

// releaseSpan names the releases a language's diff goes between: "A →
// B" (refs: "en@A → en@B"), or the one release when both are the same,
// with what happened to it (completed, amended, unchanged) as a note.
func releaseSpan(d *diff.Report, h diff.HistoryChange, refs bool) (span, note string) {
	old, cur := d.Old.Effective, d.New.Effective
	if refs {
		old, cur = d.Old.String(), d.New.String()
	}
	switch c, completed := h.CompletionOf(d.New); {
	case d.Old != d.New:
		return old + " → " + cur, ""
	case completed:
		return cur, "completed " + completedFrom(c)
	case slices.ContainsFunc(h.Amended, func(a *diff.Report) bool { return a.New == d.New }):
		return cur, "amended"
	case d.Empty():
		return cur, "unchanged"
	}
	return cur, ""
}

// completedFrom says what a completion was read from: "from the
// official TXT".
func completedFrom(c diff.Completion) string {
	switch c.From {
	case diff.CompletedFromTXT:
		return "from the official TXT"
	case diff.CompletedFromPages:
		return "from rule pages"
	}
	return "by reading its documents again"
}

// completedLists lists what a completion brought, list by list: "card
// types, supertypes", or with withCounts "card types (15), supertypes
// (5)".
func completedLists(c diff.Completion, withCounts bool) string {
	var parts []string
	for _, l := range c.Lists {
		p := Label(l.List)
		if withCounts {
			p += fmt.Sprintf(" (%d)", l.Names)
		}
		parts = append(parts, p)
	}
	if c.Meanings {
		parts = append(parts, "what its mana symbols mean")
	}
	return strings.Join(parts, ", ")
}

// completionLine is a completion in one line: which release, from what,
// and the lists it brought with their sizes.
func completionLine(c diff.Completion, markdown bool) string {
	rel, lists := c.Release.String(), completedLists(c, true)
	if markdown {
		rel, lists = md(rel), md(lists)
	}
	return fmt.Sprintf("the recorded release %s was completed %s: it now carries %s; every fact it carried before reads the same", rel, completedFrom(c), lists)
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// glanceLines are a report's changes of names, one line per kind.
func glanceLines(r *diff.Report) []string {
	var added, removed, renamed, moved, translated []string
	for _, k := range r.Lists() {
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
		{"**diff.Meaning changed**", meant},
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
