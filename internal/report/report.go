// Package report renders what package diff found, and only renders: a
// Report, an Update and the Spanish lag for a terminal (text), a pull
// request (Markdown, within GitHub's limit, the reviewer's first screen
// first) and machines (JSON, every section present), with the verdict on
// the Go API beside them.
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// MarkdownLimit is GitHub's limit on a pull-request body or comment.
const MarkdownLimit = 65536

// JSON writes the machine-readable report (schemas/diff.schema.json).
// Every section is present (empty objects and lists rather than null), so
// consumers need no nil checks.
func JSON(w io.Writer, r *diff.Report) error {
	return encode(w, reportJSON(r))
}

// reportJSON is a report as JSON gives it, wherever it is written (scrape
// diff, each diff and amendment of scrape report): its releases, whether
// anything changed, every section present.
func reportJSON(r *diff.Report) any {
	c := *r
	c.Moved, c.Rules, c.Meanings = orEmpty(c.Moved), orEmpty(c.Rules), orEmpty(c.Meanings)
	c.Added, c.Removed = orEmptyMap(c.Added), orEmptyMap(c.Removed)
	c.Renamed, c.Typography = orEmptyMap(c.Renamed), orEmptyMap(c.Typography)
	c.Translations = orEmptyMap(c.Translations)
	return struct {
		Old diff.Ref `json:"old"`
		New diff.Ref `json:"new"`
		*diff.Report
		Changed bool `json:"changed"`
	}{r.Old, r.New, &c, !r.Empty()}
}

// orEmpty and orEmptyMap give [] and {} for nil, as every JSON the
// project writes has (the schemas refuse null).
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func orEmptyMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	return m
}

func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Text writes the report for a terminal; colour marks insertions and
// deletions when color is set (stdout is a terminal).
func Text(w io.Writer, r *diff.Report, color bool) error {
	var b bytes.Buffer
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	fmt.Fprintf(&b, "%s\n", between(r))
	if r.Old.Effective == diff.NoRelease {
		b.WriteString("the first snapshot: nothing before it to compare with\n")
		_, err := w.Write(b.Bytes())
		return err
	}
	if r.Empty() {
		b.WriteString("no changes\n")
		_, err := w.Write(b.Bytes())
		return err
	}
	for _, k := range r.Lists() {
		if len(r.Added[k])+len(r.Removed[k])+len(r.Renamed[k])+len(r.Typography[k])+len(r.Translations[k]) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s:\n", Label(k))
		for _, n := range r.Added[k] {
			fmt.Fprintf(&b, "  %s\n", paint("32", "+ "+n))
		}
		for _, n := range r.Removed[k] {
			fmt.Fprintf(&b, "  %s\n", paint("31", "- "+n))
		}
		for _, rn := range r.Renamed[k] {
			fmt.Fprintf(&b, "  ~ %s → %s (%s)\n", rn.From, rn.To, rn.Evidence)
		}
		for _, t := range r.Typography[k] {
			fmt.Fprintf(&b, "  typography: %s → %s\n", t.From, t.To)
		}
		for _, t := range r.Translations[k] {
			fmt.Fprintf(&b, "  translation of %s: %s → %s\n", t.EN, t.From, t.To)
		}
	}
	if len(r.Moved) > 0 {
		b.WriteString("\nmoved:\n")
		for _, m := range r.Moved {
			fmt.Fprintf(&b, "  %s: %s → %s\n", m.Name, m.From, m.To)
		}
	}
	if len(r.Meanings) > 0 {
		b.WriteString("\nmeaning:\n")
		for _, m := range r.Meanings {
			fmt.Fprintf(&b, "  %s\n", m)
		}
	}
	textRules(&b, "rules", r.Rules, paint)
	_, err := w.Write(b.Bytes())
	return err
}

// textRules writes rule changes for a terminal under a heading ("rules",
// "glossary"): those only in form on a line each, the others word by
// word.
func textRules(b *bytes.Buffer, heading string, rules []diff.RuleChange, paint func(code, s string) string) {
	major, minor := splitMinor(rules)
	if len(minor) > 0 {
		fmt.Fprintf(b, "\n%s changed only in typography, cross-references or number (%d):\n", heading, len(minor))
		for _, rc := range minor {
			fmt.Fprintf(b, "  %s\n", minorLine(rc))
		}
	}
	if len(major) > 0 {
		fmt.Fprintf(b, "\n%s:\n", heading)
		for _, rc := range major {
			fmt.Fprintf(b, "  %s: %s\n", ruleTitle(rc), WordDiffText(rc.Diff, paint))
		}
	}
}

// WordDiffText is a word diff on one line for a terminal: long unchanged
// stretches cut to their ends, "[-deleted-]" and "{+inserted+}" painted
// (paint may be nil).
func WordDiffText(spans []diff.Span, paint func(code, s string) string) string {
	if paint == nil {
		paint = func(_, s string) string { return s }
	}
	var parts []string
	for _, s := range spans {
		switch s.Op {
		case diff.Equal:
			parts = append(parts, elide(s.Text))
		case diff.Insert:
			parts = append(parts, paint("32", "{+"+strings.TrimSpace(s.Text)+"+}"))
		case diff.Delete:
			parts = append(parts, paint("31", "[-"+strings.TrimSpace(s.Text)+"-]"))
		}
	}
	return strings.Join(parts, " ")
}

// splitMinor separates the rule changes a reviewer reads from those that
// leave a rule saying what it said (diff.RuleChange.Minor).
func splitMinor(rules []diff.RuleChange) (major, minor []diff.RuleChange) {
	for _, rc := range rules {
		if rc.Minor() {
			minor = append(minor, rc)
		} else {
			major = append(major, rc)
		}
	}
	return major, minor
}

// minorLine is one line for a minor rule change: its number, what kind of
// change, and for cited numbers the numbers themselves.
func minorLine(rc diff.RuleChange) string {
	what := rc.Status
	if rc.Status == diff.RuleRenumbered {
		what = "was " + rc.OldNumber
		switch rc.Text {
		case diff.TextTypography:
			what += "; typography"
		case diff.TextReference:
			what += "; cross-references"
		}
	}
	line := fmt.Sprintf("%s (%s)", rc.Number, what)
	if rc.Status == diff.RuleReference || rc.Text == diff.TextReference {
		from, to := rc.References()
		line += ": " + strings.Join(from, ", ") + " → " + strings.Join(to, ", ")
	}
	return line
}

func ruleTitle(rc diff.RuleChange) string {
	switch rc.Status {
	case diff.RuleRenumbered:
		return fmt.Sprintf("%s (was %s)", rc.Number, rc.OldNumber)
	case diff.RuleChanged:
		return rc.Number
	case diff.RuleSplit:
		return fmt.Sprintf("%s (split from %s)", rc.Number, rc.OldNumber)
	case diff.RuleMerged:
		return fmt.Sprintf("%s (merged into %s)", rc.OldNumber, rc.Number)
	}
	return fmt.Sprintf("%s (%s)", rc.Number, rc.Status)
}

// contextWords is how many unchanged words a hunk shows on each side of a
// change.
const contextWords = 6

// hunks renders a word diff as unified-diff lines a reviewer reads at a
// glance, and GitHub colours: each change with a few words of context on
// either side, the old text on a "-" line, the new on a "+" line, long
// unchanged stretches left out ("…"). A rule of 3,500 characters with one
// name added becomes two short lines.
func hunks(spans []diff.Span, context int) string {
	type word struct {
		op   diff.Op
		text string
	}
	var words []word
	for _, s := range spans {
		for _, t := range diff.Tokenize(s.Text) {
			words = append(words, word{s.Op, t})
		}
	}
	// Group changed words into hunks: a change, the changes within
	// 2×context unchanged words of it, and context on either side.
	var b strings.Builder
	for i := 0; i < len(words); {
		if words[i].op == diff.Equal {
			i++
			continue
		}
		start := i
		end := i // last changed word of the hunk
		for j := i; j < len(words); j++ {
			if words[j].op != diff.Equal {
				end = j
				continue
			}
			if j-end > 2*context {
				break
			}
		}
		from, to := start, end+1
		for n := 0; from > 0 && words[from-1].op == diff.Equal && n < context; n++ {
			from--
		}
		for n := 0; to < len(words) && words[to].op == diff.Equal && n < context; n++ {
			to++
		}
		var old, cur strings.Builder
		if from > 0 {
			old.WriteString("… ")
			cur.WriteString("… ")
		}
		for _, w := range words[from:to] {
			if w.op != diff.Insert {
				old.WriteString(w.text)
			}
			if w.op != diff.Delete {
				cur.WriteString(w.text)
			}
		}
		tail := ""
		if to < len(words) {
			tail = " …"
		}
		if o := strings.TrimSpace(old.String()); o != "" && o != "…" {
			b.WriteString("- " + diffLine(o+tail) + "\n")
		}
		if c := strings.TrimSpace(cur.String()); c != "" && c != "…" {
			b.WriteString("+ " + diffLine(c+tail) + "\n")
		}
		i = end + 1
	}
	return b.String()
}

// diffLine keeps a line of rule text from ending the code block it sits in.
func diffLine(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), "```", "ʼʼʼ")
}

// elide shortens long unchanged stretches to their ends.
func elide(s string) string {
	s = strings.TrimSpace(s)
	w := strings.Fields(s)
	if len(w) <= 12 {
		return s
	}
	return strings.Join(w[:5], " ") + " … " + strings.Join(w[len(w)-5:], " ")
}

// Label names a list for a reader: "creature types", "card types".
func Label(k string) string {
	if f := snapshot.FactNamed(k); f != nil {
		return f.Label
	}
	return k + " types"
}

// between names the two releases a report compares, "en@A → en@B", or
// the one when both are the same release (a record and its amendment,
// or a snapshot against itself).
func between(r *diff.Report) string {
	if r.Old == r.New {
		return r.New.String()
	}
	return r.Old.String() + " → " + r.New.String()
}

// Markdown writes the report for a pull request: a summary table, then
// collapsible details. It stays under limit bytes, saying so when it cut.
func Markdown(w io.Writer, r *diff.Report, limit int) error {
	var head bytes.Buffer
	fmt.Fprintf(&head, "## Comprehensive Rules changes: %s\n\n", md(between(r)))
	if r.Old.Effective == diff.NoRelease {
		head.WriteString("The first snapshot: nothing before it to compare with.\n")
		_, err := w.Write(head.Bytes())
		return err
	}
	if r.Empty() {
		head.WriteString("No changes.\n")
		_, err := w.Write(head.Bytes())
		return err
	}
	head.WriteString("| list | added | removed | renamed | typography | translations |\n|---|---:|---:|---:|---:|---:|\n")
	for _, k := range r.Lists() {
		a, rm, rn, ty, tr := len(r.Added[k]), len(r.Removed[k]), len(r.Renamed[k]), len(r.Typography[k]), len(r.Translations[k])
		if a+rm+rn+ty+tr == 0 {
			continue
		}
		fmt.Fprintf(&head, "| %s | %d | %d | %d | %d | %d |\n", Label(k), a, rm, rn, ty, tr)
	}
	if len(r.Moved) > 0 {
		fmt.Fprintf(&head, "\n%d moved between lists.", len(r.Moved))
	}
	if len(r.Meanings) > 0 {
		fmt.Fprintf(&head, "\n%d %s of meaning.", len(r.Meanings), pluralWord(len(r.Meanings), "change", "changes"))
	}
	major, minor := splitMinor(r.Rules)
	fmt.Fprintf(&head, "\n%d rules changed", len(major))
	if len(minor) > 0 {
		fmt.Fprintf(&head, "; %d more only in typography, cross-references or number (folded)", len(minor))
	}
	head.WriteString(".\n")

	sections := markdownSections(r, major, minor)
	out := slices.Clone(head.Bytes())
	out = append(out, '\n')
	const cutNote = "\n> ⚠️ This diff was cut to fit a limit of %d characters: %d of %d sections are not shown. Run `scrape diff` for the whole diff.\n"
	for i, s := range sections {
		reserve := len(fmt.Sprintf(cutNote, limit, len(sections), len(sections)))
		if len(out)+len(s)+reserve > limit {
			out = append(out, fmt.Sprintf(cutNote, limit, len(sections)-i, len(sections))...)
			break
		}
		out = append(out, s...)
	}
	_, err := io.WriteString(w, fitMarkdown(string(out), limit))
	return err
}

// fitMarkdown cuts a Markdown document that is over limit bytes at the
// end of a line, closing the diff block and the details it cut open, and
// says so. The sections are fitted one by one, but what precedes them (a
// table of lists, the lines of a pull request's first screen, the
// Spanish lag) holds as many names as the snapshots give: without this a
// pull request naming enough of them gets no comment at all.
func fitMarkdown(doc string, limit int) string {
	if len(doc) <= limit {
		return doc
	}
	note := fmt.Sprintf("\n> ⚠️ This report was cut to fit a limit of %d characters. Run `scrape report` for the whole report.\n", limit)
	// Room for the note, a closed block and the details it can be in.
	const closers = "```\n</details>\n</details>\n"
	keep := doc[:max(0, limit-len(note)-len(closers))]
	keep = keep[:strings.LastIndexByte(keep, '\n')+1]
	inCode, open := false, 0
	for _, l := range strings.Split(keep, "\n") {
		switch {
		case l == "```diff":
			inCode = true
		case inCode && l == "```":
			inCode = false
		case !inCode:
			open += strings.Count(l, "<details>") - strings.Count(l, "</details>")
		}
	}
	var b strings.Builder
	b.WriteString(keep)
	if inCode {
		b.WriteString("```\n")
	}
	b.WriteString(strings.Repeat("</details>\n", max(0, open)))
	b.WriteString(note)
	return b.String()
}

// markdownSections are a report's collapsible details, in the order a
// reviewer reads them: each list, moves, meanings, the rules that changed,
// then those that changed only in form.
func markdownSections(r *diff.Report, major, minor []diff.RuleChange) [][]byte {
	var sections [][]byte
	for _, k := range r.Lists() {
		var s bytes.Buffer
		for _, n := range r.Added[k] {
			fmt.Fprintf(&s, "- ➕ %s\n", md(n))
		}
		for _, n := range r.Removed[k] {
			fmt.Fprintf(&s, "- ➖ %s\n", md(n))
		}
		for _, rn := range r.Renamed[k] {
			fmt.Fprintf(&s, "- ✏️ %s → %s (%s)\n", md(rn.From), md(rn.To), md(rn.Evidence))
		}
		for _, t := range r.Typography[k] {
			fmt.Fprintf(&s, "- typography: %s → %s\n", md(t.From), md(t.To))
		}
		for _, t := range r.Translations[k] {
			fmt.Fprintf(&s, "- translation of %s: %s → %s\n", md(t.EN), md(t.From), md(t.To))
		}
		if s.Len() > 0 {
			sections = append(sections, details(Label(k), s.String()))
		}
	}
	if len(r.Moved) > 0 {
		var s bytes.Buffer
		for _, m := range r.Moved {
			fmt.Fprintf(&s, "- %s: %s → %s\n", md(m.Name), md(m.From), md(m.To))
		}
		sections = append(sections, details("moved", s.String()))
	}
	if len(r.Meanings) > 0 {
		var s bytes.Buffer
		for _, m := range r.Meanings {
			fmt.Fprintf(&s, "- %s\n", md(m.String()))
		}
		sections = append(sections, details("meaning", s.String()))
	}
	for _, rc := range major {
		sections = append(sections, details("rule "+ruleTitle(rc), "```diff\n"+hunks(rc.Diff, contextWords)+"```\n"))
	}
	if len(minor) > 0 {
		var s bytes.Buffer
		for _, rc := range minor {
			fmt.Fprintf(&s, "- %s\n", md(minorLine(rc)))
		}
		sections = append(sections, details(fmt.Sprintf("%d rules changed only in typography, cross-references or number", len(minor)), s.String()))
	}

	return sections
}

func details(summary, body string) []byte {
	return []byte("<details><summary>" + html.EscapeString(summary) + "</summary>\n\n" + body + "\n</details>\n")
}

// md escapes text from the sources so it cannot break Markdown or HTML.
func md(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '|', '#', '~', '!':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '\n', '\r':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
