package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/rulebook"
)

// docBetween names the releases a whole-document diff compares.
func docBetween(d *rulebook.DocDiff) string {
	return d.Lang + "@" + d.From + " → " + d.Lang + "@" + d.To
}

// docCounts is the one line a reader sees first: how many rules changed,
// and how.
func docCounts(d *rulebook.DocDiff) string {
	count := map[string]int{}
	minor := 0
	for _, rc := range d.Rules {
		if rc.Minor() {
			minor++
			continue
		}
		count[rc.Status]++
	}
	var parts []string
	for _, s := range []struct{ status, word string }{
		{diff.RuleChanged, "changed"}, {diff.RuleRenumbered, "renumbered and changed"}, {diff.RuleAdded, "added"},
		{diff.RuleRemoved, "removed"}, {diff.RuleSplit, "split off another"}, {diff.RuleMerged, "merged into another"},
	} {
		if n := count[s.status]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, s.word))
		}
	}
	if minor > 0 {
		parts = append(parts, fmt.Sprintf("%d only in typography, cross-references or number", minor))
	}
	line := "rules: " + strings.Join(parts, ", ")
	if len(parts) == 0 {
		line = "rules: no change"
	}
	if len(d.Glossary) > 0 {
		line += fmt.Sprintf("; glossary: %d %s", len(d.Glossary), pluralWord(len(d.Glossary), "entry", "entries"))
	}
	if len(d.Contents) > 0 {
		line += fmt.Sprintf("; contents: %d %s", len(d.Contents), pluralWord(len(d.Contents), "heading", "headings"))
	}
	return line
}

// partialNote says which releases compared hold only rule pages.
func partialNote(d *rulebook.DocDiff) string {
	if len(d.Partial) == 0 {
		return ""
	}
	return fmt.Sprintf("%s hold only some rules (rule pages, or a text of some sections): their other rules are those of the release before them.", strings.Join(d.Partial, ", "))
}

// DocText writes a whole-document diff for a terminal.
func DocText(w io.Writer, d *rulebook.DocDiff, color bool) error {
	return docText(w, docBetween(d), "", d, color)
}

// ChangeText writes one whole diff of a rule book's update for a
// terminal, saying what it is.
func ChangeText(w io.Writer, c *rulebook.Change) error {
	return docText(w, changeTitle(c), changeNote(c), &c.DocDiff, false)
}

func docText(w io.Writer, title, note string, d *rulebook.DocDiff, color bool) error {
	var b bytes.Buffer
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	fmt.Fprintf(&b, "%s (the whole rules)\n", title)
	if note != "" {
		b.WriteString(note + "\n")
	}
	if n := partialNote(d); n != "" {
		b.WriteString(n + "\n")
	}
	for _, q := range d.Quirks {
		b.WriteString(q + ".\n")
	}
	if d.Empty() {
		b.WriteString("no changes\n")
		_, err := w.Write(b.Bytes())
		return err
	}
	b.WriteString(docCounts(d) + "\n")
	textRules(&b, "rules", d.Rules, paint)
	textRules(&b, "glossary", d.Glossary, paint)
	textRules(&b, "contents", d.Contents, paint)
	_, err := w.Write(b.Bytes())
	return err
}

// DocJSON writes a whole-document diff as JSON (schema doc-diff).
func DocJSON(w io.Writer, d *rulebook.DocDiff) error {
	out := *d
	out.Rules, out.Glossary, out.Contents = orEmpty(d.Rules), orEmpty(d.Glossary), orEmpty(d.Contents)
	return encode(w, out)
}

// DocMarkdown writes a whole-document diff for a pull request: the
// counts, then every change collapsible, the rules first, then the
// glossary and the contents, those only in form folded in one list each.
// It stays under limit bytes; what does not fit is counted, and whole
// says where the whole diff is ("" names the command that prints it).
func DocMarkdown(w io.Writer, d *rulebook.DocDiff, limit int, whole string) error {
	if whole == "" {
		whole = fmt.Sprintf("Run `scrape diff -whole %s@%s %s@%s` for the whole diff.", d.Lang, d.From, d.Lang, d.To)
	}
	return docMarkdown(w, docBetween(d), "", d, limit, whole)
}

// ChangeMarkdown is DocMarkdown of one whole diff of a rule book's
// update, saying what it is; whole ("" names the command) says where the
// whole diff is.
func ChangeMarkdown(w io.Writer, c *rulebook.Change, limit int, whole string) error {
	if whole == "" {
		whole = "Run `scrape report -whole-file FILE OLD_DIR NEW_DIR` for the whole diff."
		if c.Kind == rulebook.KindRelease || c.Kind == rulebook.KindRecorded {
			whole = fmt.Sprintf("Run `scrape diff -whole %s@%s %s@%s` for the whole diff.", c.Lang, c.From, c.Lang, c.To)
		}
	}
	return docMarkdown(w, changeTitle(c), changeNote(c), &c.DocDiff, limit, whole)
}

func docMarkdown(w io.Writer, title, note string, d *rulebook.DocDiff, limit int, where string) error {
	var head bytes.Buffer
	fmt.Fprintf(&head, "## The whole rules: %s\n\n", md(title))
	if note != "" {
		head.WriteString(md(note) + "\n\n")
	}
	if n := partialNote(d); n != "" {
		head.WriteString(md(n) + "\n\n")
	}
	for _, q := range d.Quirks {
		head.WriteString(md(q) + ".\n\n")
	}
	if d.Empty() {
		head.WriteString("No changes.\n")
		_, err := w.Write(head.Bytes())
		return err
	}
	head.WriteString(md(docCounts(d)) + ".\n\n")
	var sections [][]byte
	for _, part := range []struct {
		name    string
		changes []diff.RuleChange
	}{{"rule", d.Rules}, {"glossary", d.Glossary}, {"contents", d.Contents}} {
		major, minor := splitMinor(part.changes)
		for _, rc := range major {
			sections = append(sections, details(part.name+" "+ruleTitle(rc), "```diff\n"+hunks(rc.Diff, contextWords)+"```\n"))
		}
		if len(minor) > 0 {
			var s bytes.Buffer
			for _, rc := range minor {
				fmt.Fprintf(&s, "- %s\n", md(minorLine(rc)))
			}
			sections = append(sections, details(fmt.Sprintf("%s: %d changed only in typography, cross-references or number", part.name, len(minor)), s.String()))
		}
	}
	out := head.Bytes()
	const cutNote = "\n> ⚠️ %d of %d changes do not fit in this comment (a limit of %d characters). %s\n"
	for i, s := range sections {
		reserve := len(fmt.Sprintf(cutNote, len(sections), len(sections), limit, where))
		if len(out)+len(s)+reserve > limit {
			out = append(out, fmt.Sprintf(cutNote, len(sections)-i, len(sections), limit, where)...)
			break
		}
		out = append(out, s...)
	}
	_, err := io.WriteString(w, fitMarkdown(string(out), limit))
	return err
}

// changeTitle names what a whole diff of an update compares: "en@A →
// en@B" for a release, the release and what happened to it otherwise.
func changeTitle(c *rulebook.Change) string {
	switch c.Kind {
	case rulebook.KindCompletion, rulebook.KindAmendment:
		return changeName(c) + ": as recorded before → now"
	}
	return changeName(c)
}

// changeName is the short name of a whole diff of an update: "en@A →
// en@B", "en@D completed", "en@D amended".
func changeName(c *rulebook.Change) string {
	switch c.Kind {
	case rulebook.KindCompletion:
		return fmt.Sprintf("%s@%s completed", c.Lang, c.To)
	case rulebook.KindAmendment:
		return fmt.Sprintf("%s@%s amended", c.Lang, c.To)
	case rulebook.KindRecorded:
		return docBetween(&c.DocDiff) + " (a past release, recorded now)"
	}
	return docBetween(&c.DocDiff)
}

// changeNote says what a completion or an amendment compares.
func changeNote(c *rulebook.Change) string {
	held := "its rules"
	if len(c.Held) > 0 {
		held = "the rules it held (" + strings.Join(c.Held, ", ") + ")"
	}
	rest := ""
	if c.Before != "" {
		rest = fmt.Sprintf("; each of its other rules from %s@%s, the release before it, as recorded now", c.Lang, c.Before)
	}
	switch c.Kind {
	case rulebook.KindCompletion:
		return fmt.Sprintf("What the record of %s@%s gained: %s as recorded before and now%s. How the rules it held changed was shown when they were recorded.", c.Lang, c.To, held, rest)
	case rulebook.KindAmendment:
		return fmt.Sprintf("What the record of %s@%s says otherwise now: %s as recorded before and now%s.", c.Lang, c.To, held, rest)
	}
	return ""
}
