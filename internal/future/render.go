package future

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// EnglishTXT is the world's release as the official TXT: a whole
// Comprehensive Rules file (its heading, effective date, contents, every
// section, a glossary and credits) in UTF-8 with a byte-order mark and
// CRLF line breaks, as Wizards publishes it. It is rendered from the
// tree alone: every heading, rule and glossary entry of its rule book's
// newest release, each rule with its paragraphs and examples on lines of
// their own, but for the rules the future changed, added or removed
// (bookTXT). A tree without a rule book gives the sections the facts
// come from, with the rules the snapshots quote, and 202.3, which they
// do not, stating the mana value the symbols' meanings record. Imported
// into the tree the world came from, with the world's date, it reads
// back to the same facts.
func (w *World) EnglishTXT() (b []byte, err error) {
	defer catch(&err)
	if w.book != nil {
		edits, removed := w.edits()
		return w.bookTXT(w.bookDate, w.Date, edits, removed), nil
	}
	rules := maps.Clone(w.EN)
	maps.Copy(rules, w.manaValueRules())
	byChapter := map[string][]string{}
	for n := range rules {
		c := chapterOf(n)
		if w.chapterTitle(c) == "" {
			failf("rule %s: no fact of the registry comes from section %s, so the TXT has no heading for it", n, c)
		}
		byChapter[c] = append(byChapter[c], n)
	}
	chapters := slices.Sorted(maps.Keys(byChapter))
	effective := "These rules are effective as of " + longDate(w.Date) + "."
	lines := []string{
		"Magic: The Gathering Comprehensive Rules", "", effective, "",
		"Introduction", "",
		"This file is a rendering, for rehearsals, of the rules a crgen tree records: the sections its facts come from, each rule as the snapshots quote it.", "",
		"Contents", "",
	}
	for _, c := range chapters {
		lines = append(lines, c+". "+w.chapterTitle(c))
	}
	lines = append(lines, "Glossary", "Credits", "")
	for _, c := range chapters {
		lines = append(lines, c+". "+w.chapterTitle(c), "")
		for _, n := range SortRules(byChapter[c]) {
			lines = append(lines, ruleLines(n, rules[n])...)
		}
	}
	lines = append(lines,
		"Glossary", "",
		"Mana Value", "The total amount of mana in a card’s mana cost, regardless of color. See rule 202.3.", "",
		"Credits", "",
		"Rendered from the snapshots of a crgen tree.", "",
		effective, "")
	return append([]byte("\xef\xbb\xbf"), strings.Join(lines, "\r\n")...), nil
}

// chapterTitle is the title of section c.
func (w *World) chapterTitle(c string) string {
	if t := w.Chapters[c]; t != "" {
		return t
	}
	if c == chapterOf(manaValueRule) {
		return extract.SectionCost
	}
	return ""
}

// ruleLines prints rule n as the TXT does: "107.4. ..." for a rule
// without a letter, "205.3m ..." for a subrule, each example a paragraph
// of its own, a blank line after each paragraph.
func ruleLines(n, text string) []string {
	body, examples, _ := strings.Cut(text, " Example: ")
	sep := " "
	if c := n[len(n)-1]; c >= '0' && c <= '9' {
		sep = ". "
	}
	out := []string{n + sep + body, ""}
	for _, ex := range strings.Split(examples, " Example: ") {
		if ex != "" {
			out = append(out, "Example: "+ex, "")
		}
	}
	return out
}

// manaValueRule is the rule that gives mana value; its subrules give the
// value of the symbols that are not a number of mana.
const manaValueRule = "202.3"

// manaValueRules are the rules of 202.3 the world's mana symbols rest
// on, as the rules word them, each at the letter the symbols' meanings
// record: what a mana value is; X off the stack; a hybrid symbol's
// largest component; what a Phyrexian symbol contributes.
func (w *World) manaValueRules() snapshot.Rules {
	out := snapshot.Rules{}
	for _, m := range w.Symbols {
		if m.Meaning == nil {
			continue
		}
		for _, r := range m.Meaning.Rules {
			switch {
			case r == manaValueRule:
				out[r] = "The mana value of an object is a number equal to the total amount of mana in its mana cost, regardless of color."
			case !IsSubrule(r, manaValueRule):
			case m.Symbol == "{X}":
				out[r] = fmt.Sprintf("When calculating the mana value of an object with an {X} in its mana cost, X is treated as %d while the object is not on the stack, and X is treated as the number chosen for it while the object is on the stack.", m.Meaning.ManaValue)
			case strings.HasSuffix(m.Symbol, "/P}"):
				out[r] = fmt.Sprintf("Each Phyrexian mana symbol in a card’s mana cost contributes %d to its mana value.", m.Meaning.ManaValue)
			case strings.Contains(m.Symbol, "/"):
				out[r] = "When calculating the mana value of an object with a hybrid mana symbol in its mana cost, use the largest component of each hybrid symbol."
			}
		}
	}
	return out
}

// EnglishPage is the English 205.3 page of the world's release in the
// form of the captured seed (sources/captured/rule-205.3-en.txt): the
// rule's heading, then each subrule on a line of its own with its letter.
// A rules site publishes it before the release's TXT.
func (w *World) EnglishPage() (b []byte, err error) {
	defer catch(&err)
	var sb strings.Builder
	sb.WriteString("Rules glossary\n" + w.Subtypes + " " + w.EN[w.Subtypes] + "\n")
	for _, n := range w.SubtypeSubrules() {
		sb.WriteString("- " + n + " " + w.EN[n] + "\n")
	}
	return []byte(sb.String()), nil
}

// SpanishPage is the Spanish 205.3 page of the world's release, in the
// form of the captured seed: a heading, "Subreglas", then one subrule a
// line in the order of the English subrules, examples on lines of their
// own. A translation of the release has every subrule the English one
// has: what Spanish has not translated yet (a category it lacks) is
// translated in new words.
func (w *World) SpanishPage() (b []byte, err error) {
	defer catch(&err)
	w.translateMissing()
	for _, c := range w.Categories() {
		w.setSpanishList(c)
	}
	var sb strings.Builder
	sb.WriteString(w.Subtypes + ". Subtipos\nSubreglas\n")
	for _, n := range w.SubtypeSubrules() {
		for i, part := range strings.Split(w.ES[n], " Ejemplo: ") {
			if i > 0 {
				part = "Ejemplo: " + part
			}
			sb.WriteString(part + "\n")
		}
	}
	return []byte(sb.String()), nil
}

var months = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// longDate writes 2026-02-27 as the rules do: February 27, 2026.
func longDate(d string) string {
	var y, m, day int
	if _, err := fmt.Sscanf(d, "%d-%d-%d", &y, &m, &day); err != nil || m < 1 || m > 12 {
		failf("bad date %q", d)
	}
	return fmt.Sprintf("%s %d, %d", months[m-1], day, y)
}

// edits are the rules the future changed or added (EN against quoted),
// and those it removed.
func (w *World) edits() (snapshot.Rules, map[string]bool) {
	edits, removed := snapshot.Rules{}, map[string]bool{}
	for n, text := range w.EN {
		if q, ok := w.quoted[n]; !ok || q != text {
			edits[n] = text
		}
	}
	for n := range w.quoted {
		if _, ok := w.EN[n]; !ok {
			removed[n] = true
		}
	}
	return edits, removed
}

// bookTXT is the official TXT of the release of date: every heading,
// rule and glossary entry the rule book gives release asOf, but the
// rules of edits, printed as they say (examples split off as ruleLines
// does), and those of removed, not printed; 202.3's rules of the mana
// value the symbols' meanings record where the book has none.
func (w *World) bookTXT(asOf, date string, edits snapshot.Rules, removed map[string]bool) []byte {
	rules := map[string][]string{}
	for _, h := range w.book.Rules {
		if v, ok := rulebook.At(h.Versions, asOf); ok {
			rules[h.Number] = versionLines(h.Number, v)
		}
	}
	for n, text := range w.manaValueRules() {
		if _, ok := rules[n]; !ok {
			rules[n] = ruleLines(n, text)
		}
	}
	for n, text := range edits {
		rules[n] = ruleLines(n, text)
	}
	for n := range removed {
		delete(rules, n)
	}
	bySection := map[string][]string{}
	for n := range rules {
		bySection[chapterOf(n)] = append(bySection[chapterOf(n)], n)
	}
	var headings []rulebook.Rule
	for _, h := range w.book.Contents {
		if _, ok := rulebook.At(h.Versions, asOf); ok {
			headings = append(headings, h)
		}
	}
	effective := "These rules are effective as of " + longDate(date) + "."
	lines := []string{
		"Magic: The Gathering Comprehensive Rules", "", effective, "",
		"Introduction", "",
		"This file is a rendering, for rehearsals, of the rules a crgen tree records: every rule of its rule book, changed as a release nobody wrote changes them.", "",
		"Contents", "",
	}
	title := func(h rulebook.Rule) string {
		v, _ := rulebook.At(h.Versions, asOf)
		return h.Number + ". " + v.Text
	}
	for _, h := range headings {
		lines = append(lines, title(h))
	}
	lines = append(lines, "Glossary", "Credits", "")
	printed := 0
	for _, h := range headings {
		lines = append(lines, title(h), "")
		for _, n := range SortRules(bySection[h.Number]) {
			lines = append(lines, rules[n]...)
			printed++
		}
	}
	if printed != len(rules) {
		failf("the rule book's contents of %s list no section for %d of the rules to print", asOf, len(rules)-printed)
	}
	lines = append(lines, "Glossary", "")
	for _, t := range w.book.Glossary {
		if v, ok := rulebook.At(t.Versions, asOf); ok {
			lines = append(append(append(lines, t.Term), v.More...), "")
		}
	}
	lines = append(lines, "Credits", "", "Rendered from the rule book of a crgen tree.", "", effective, "")
	return append([]byte("\xef\xbb\xbf"), strings.Join(lines, "\r\n")...)
}

// versionLines prints a rule as the rule book records it: its number (or
// the number as misprinted), its text, each paragraph after it, and a
// rule printed again under its number after it, a blank line after each.
func versionLines(n string, v rulebook.Version) []string {
	first := func(lead, text string) string {
		switch {
		case lead != "":
			return lead + " " + text
		case n[len(n)-1] >= '0' && n[len(n)-1] <= '9':
			return n + ". " + text
		}
		return n + " " + text
	}
	out := []string{first(v.Lead, v.Text), ""}
	for _, m := range v.More {
		out = append(out, m, "")
	}
	for _, a := range v.Also {
		out = append(out, first(a.Lead, a.Text), "")
		for _, m := range a.More {
			out = append(out, m, "")
		}
	}
	return out
}
