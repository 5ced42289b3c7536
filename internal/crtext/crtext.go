// Package crtext parses the official Comprehensive Rules text file.
//
// The file is a table of contents, the numbered rules (one paragraph per
// line, "Example:" paragraphs following the rule they illustrate), a
// glossary and credits. Only numbered rules with a subnumber (205.3,
// 205.3m) are returned; section headings ("205. Type Line") are not rules.
//
// The official text has typos in rule numbers that must not break parsing:
// "119.1d." (extra period), "606.5 If" (missing period), "901.4.All"
// (missing space). All three are read as the rule their digits name.
package crtext

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/mtgrules/crgen/internal/textenc"
)

// Rule is one numbered rule with its examples joined to it by a space, the
// way rule pages print them.
type Rule struct {
	Number string // "205.3m"
	Text   string // without the number
	Line   int    // 1-based line of the rule's first paragraph
	// Section is the title of the section heading the rule is under
	// ("Type Line" for 205.3m), or "" where the text has none.
	Section string
}

// Document is a parsed Comprehensive Rules file.
type Document struct {
	Effective string // YYYY-MM-DD from "These rules are effective as of ..."
	Rules     []Rule // in document order; a repeated number (see Problems) appears twice
	// Problems are the flaws of the official numbering read past: a rule
	// number printed twice, a rule out of order. Whether one matters
	// depends on the rule: the reader of a fact refuses a problem that
	// touches a rule its fact comes from.
	Problems []Problem
	// EndsInGlossary is set when the document stops inside its glossary,
	// before the credits that close every release (an archived copy cut
	// short): every rule is there, the glossary's tail is not.
	EndsInGlossary bool
	// LastLine is the number of the document's last line.
	LastLine int
}

// Problem is one flaw of the official numbering: rule Number on Line
// repeats the rule of that number on OtherLine, or comes after rule Other
// (OtherLine) though it should come before it.
type Problem struct {
	Number    string
	Line      int
	Repeated  bool // else out of order
	Other     string
	OtherLine int
}

func (p Problem) Error() string {
	if p.Repeated {
		return fmt.Sprintf("line %d: rule %s appears twice (first on line %d)", p.Line, p.Number, p.OtherLine)
	}
	return fmt.Sprintf("line %d: rule %s comes after rule %s (line %d): the rules are out of order", p.Line, p.Number, p.Other, p.OtherLine)
}

// Touches reports whether the problem involves rule number n: the rule
// itself, or the one it repeats or is out of order with.
func (p Problem) Touches(n string) bool { return p.Number == n || p.Other == n }

// Section is a heading of the rules: "205. Type Line".
type Section struct {
	Number string // "205"
	Title  string // "Type Line"
}

// Lookup returns the rule with the given number.
func (d *Document) Lookup(number string) (Rule, bool) {
	for _, r := range d.Rules {
		if r.Number == number {
			return r, true
		}
	}
	return Rule{}, false
}

// Parse reads a whole document (decoded to UTF-8; lines may end in LF,
// CRLF or CR). It fails when the document states no effective date,
// states two different ones, contains no rules, or stops before its
// glossary: that is not a whole Comprehensive Rules file. Flaws of the
// numbering (a rule printed twice, a rule out of order) do not stop it:
// they are listed in Problems, for the reader of each fact to judge.
func Parse(text string) (*Document, error) { return ParseFunc(text, nil) }

// Keep decides which rules a parse returns, by number ("205.3m"), by
// the title of the section heading above it ("Type Line"), so that a
// reader can ask for rules by what the document calls them whatever
// their numbers that year, and by the text of the rule's own line (its
// examples follow it), as published: not yet converted to UTF-8.
type Keep func(number, section, text string) bool

// ParseFunc is Parse keeping only the rules keep accepts (every rule when
// keep is nil). It reads the text once, and what it allocates grows with
// the rules it keeps, not with the document: while rule numbers rise, as
// they do in a sound release, none can be a repeat. Only a document whose
// numbering goes wrong also holds the numbers it read.
func ParseFunc(text string, keep Keep) (*Document, error) {
	p := &releaseReader{text: text, keep: keep, lines: lineReader{s: text, lf: -1, cr: -1}}
	for p.lineNo = 1; ; p.lineNo++ {
		line, ok := p.lines.next()
		if !ok {
			p.lineNo--
			break
		}
		if n := len(line); n > 0 && (line[0] <= ' ' || line[n-1] <= ' ' || line[0] == 0xC2 || line[n-1] == 0xA0) {
			line = trimSpace(line) // most lines need no trimming
		}
		if rest, ok := strings.CutPrefix(line, effectivePrefix); ok {
			if err := p.effectiveDate(rest); err != nil {
				return nil, err
			}
			continue
		}
		if p.ended {
			if !p.skipBackMatter(line) {
				break
			}
			continue
		}
		p.line(line)
	}
	p.flush()
	return p.document()
}

// releaseReader is the state of ParseFunc's one pass over a release.
type releaseReader struct {
	text  string
	keep  Keep
	lines lineReader
	d     Document

	lineNo           int
	cur              Rule
	have, keepCur    bool
	count            int
	rulesSeen, ended bool // ended: the glossary or credits follow the rules
	credits          bool // the credits heading after the rules
	last             string
	lastLine         int
	lastParts        numberParts
	section          Section // the last heading read
	effective        string
	effectiveLine    int
	// seen maps each rule number read to its first line, once the
	// numbering has gone wrong (nil until then: a sound release pays
	// nothing for it).
	seen map[string]int
}

func (p *releaseReader) flush() {
	if p.have && p.keepCur {
		p.d.Rules = append(p.d.Rules, p.cur)
	}
	p.have = false
}

// effectiveDate reads the date of an effective-date line: every one of a
// release must give the same date.
func (p *releaseReader) effectiveDate(rest string) error {
	date, err := ParseDate(rest)
	if err != nil {
		return fmt.Errorf("line %d: %w", p.lineNo, err)
	}
	if p.effective != "" && date != p.effective {
		return fmt.Errorf("line %d: effective date %s disagrees with %s on line %d", p.lineNo, date, p.effective, p.effectiveLine)
	}
	p.effective, p.effectiveLine = date, p.lineNo
	return nil
}

// skipBackMatter jumps, in the glossary and credits (they hold no rules),
// to the next line that matters (the credits heading, an effective-date
// line), counting the lines passed. It reports false at the end of text.
func (p *releaseReader) skipBackMatter(line string) bool {
	if line == "Credits" {
		p.credits = true
	}
	next := p.lines.find(effectivePrefix, false)
	if !p.credits {
		if c := p.lines.find("Credits", true); c >= 0 && (next < 0 || c < next) {
			next = c
		}
	}
	if next < 0 {
		if p.lines.pos < len(p.text) {
			p.lineNo += countBreaks(p.text[p.lines.pos:])
			if c := p.text[len(p.text)-1]; c != '\n' && c != '\r' {
				p.lineNo++ // the last line has no break
			}
		}
		return false
	}
	p.lineNo += countBreaks(p.text[p.lines.pos:next])
	p.lines.pos = next
	return true
}

// line reads one line of the rules: a numbered rule, an example of the
// rule before it, the glossary or credits heading, or a section heading.
func (p *releaseReader) line(line string) {
	if num, rest, ok := SplitNumber(line); ok {
		p.flush()
		parts := splitParts(num)
		if p.seen == nil && p.last != "" && parts.compare(p.lastParts) <= 0 {
			// The first flaw: from here on order alone cannot tell a
			// repeat (a rule after a lower one may repeat an earlier
			// higher one), so the numbers read so far are recalled.
			p.seen = numbersBefore(p.text, p.lineNo)
		}
		if p.seen != nil {
			if first, ok := p.seen[num]; ok {
				p.d.Problems = append(p.d.Problems, Problem{Number: num, Line: p.lineNo, Repeated: true, Other: num, OtherLine: first})
			} else {
				if parts.compare(p.lastParts) <= 0 {
					p.d.Problems = append(p.d.Problems, Problem{Number: num, Line: p.lineNo, Other: p.last, OtherLine: p.lastLine})
				}
				p.seen[num] = p.lineNo
			}
		}
		p.last, p.lastLine, p.lastParts = num, p.lineNo, parts
		p.count++
		title := p.section.titleOf(num)
		p.cur, p.have, p.rulesSeen = Rule{Number: num, Text: rest, Line: p.lineNo, Section: title}, true, true
		p.keepCur = p.keep == nil || p.keep(num, title, rest)
		return
	}
	if p.have && strings.HasPrefix(line, "Example:") {
		if p.keepCur {
			p.cur.Text += " " + line
		}
		return
	}
	if p.rulesSeen && (line == "Glossary" || line == "Credits") {
		p.flush()
		p.ended, p.credits = true, line == "Credits"
		return
	}
	if line != "" {
		// Any other paragraph ends the rule: section headings.
		p.flush()
		if s, ok := splitHeading(line); ok {
			p.section = s
		}
	}
}

// document is what the pass read, or why it is no whole release.
func (p *releaseReader) document() (*Document, error) {
	if p.count == 0 {
		return nil, fmt.Errorf("no numbered rules found (expected lines like \"100.1. ...\")")
	}
	if !p.ended {
		return nil, fmt.Errorf("truncated: the document ends after rule %s (line %d) without the Glossary and Credits that end every release; the download was probably cut short", p.last, p.lastLine)
	}
	if p.effective == "" {
		return nil, fmt.Errorf("no %q line found", effectivePrefix+"...")
	}
	p.d.Effective, p.d.EndsInGlossary, p.d.LastLine = p.effective, !p.credits, p.lineNo
	return &p.d, nil
}

// titleOf is the section's title when rule number n belongs to it.
func (s Section) titleOf(n string) string {
	if len(n) > len(s.Number) && n[len(s.Number)] == '.' && strings.HasPrefix(n, s.Number) {
		return s.Title
	}
	return ""
}

// splitHeading reads a section heading, "205. Type Line".
func splitHeading(line string) (Section, bool) {
	if len(line) < 6 || !isDigit(line[0]) || !isDigit(line[1]) || !isDigit(line[2]) || line[3] != '.' || line[4] != ' ' || !isUpper(line[5]) {
		return Section{}, false
	}
	return Section{Number: line[:3], Title: line[5:]}, true
}

// ParseRelease reads a whole release as published (any encoding) keeping
// the rules keep accepts: the document is held in memory once, converted
// to UTF-8 only in the rules kept (see textenc.View).
func ParseRelease(data []byte, keep Keep) (*Document, error) {
	text, _, toUTF8, err := textenc.View(data)
	if err != nil {
		return nil, err
	}
	d, err := ParseFunc(text, keep)
	if err != nil {
		return nil, err
	}
	for i := range d.Rules {
		if t := toUTF8(d.Rules[i].Text); t != d.Rules[i].Text {
			// A converted no-break space is a space, at the edges too.
			d.Rules[i].Text = strings.TrimSpace(t)
		}
	}
	return d, nil
}

const effectivePrefix = "These rules are effective as of "

// numbersBefore maps each rule number of the text's lines before line to
// the line it first appears on. It reads the text again, which only a
// file whose numbering goes wrong pays.
func numbersBefore(text string, line int) map[string]int {
	seen := map[string]int{}
	lines := lineReader{s: text, lf: -1, cr: -1}
	for n := 1; n < line; n++ {
		l, _ := lines.next()
		if got, _, ok := SplitNumber(trimSpace(l)); ok {
			if _, dup := seen[got]; !dup {
				seen[got] = n
			}
		}
	}
	return seen
}

// numberParts is a rule number read for ordering: section, rule, then
// subrule letters (a before z before aa).
type numberParts struct {
	section, rule int
	letters       string
}

func (a numberParts) compare(b numberParts) int {
	switch {
	case a.section != b.section:
		return cmp.Compare(a.section, b.section)
	case a.rule != b.rule:
		return cmp.Compare(a.rule, b.rule)
	case len(a.letters) != len(b.letters):
		return cmp.Compare(len(a.letters), len(b.letters))
	}
	return strings.Compare(a.letters, b.letters)
}

func splitParts(n string) (p numberParts) {
	i := 0
	for ; i < len(n) && isDigit(n[i]); i++ {
		p.section = p.section*10 + int(n[i]-'0')
	}
	for i++; i < len(n) && isDigit(n[i]); i++ {
		p.rule = p.rule*10 + int(n[i]-'0')
	}
	p.letters = n[min(i, len(n)):]
	return p
}

// countBreaks counts the line breaks of s: LF, CRLF and bare CR.
func countBreaks(s string) int {
	return strings.Count(s, "\n") + strings.Count(s, "\r") - strings.Count(s, "\r\n")
}

// lineReader yields the lines of s, ending in LF, CRLF or CR, without
// copying. It remembers where the next LF and the next CR are, so a file
// of bare CRs (as some releases are) is not searched for an LF per line.
type lineReader struct {
	s      string
	pos    int
	lf, cr int // index of the next LF and CR at or after pos; len(s) when none
}

func (l *lineReader) next() (string, bool) {
	if l.pos >= len(l.s) {
		return "", false
	}
	if l.cr == len(l.s) {
		// No CR left (LF files, and the rest of CRLF-free ones): one
		// search per line.
		end := indexFrom(l.s, l.pos, '\n')
		line := l.s[l.pos:end]
		l.pos = end + 1
		return line, true
	}
	if l.lf < l.pos {
		l.lf = indexFrom(l.s, l.pos, '\n')
	}
	if l.cr < l.pos {
		l.cr = indexFrom(l.s, l.pos, '\r')
	}
	end := min(l.lf, l.cr)
	line := l.s[l.pos:end]
	l.pos = end + 1
	if end == l.cr && end+1 < len(l.s) && l.s[end+1] == '\n' {
		l.pos++
	}
	return line, true
}

// find returns where the next line at or after pos that starts with
// needle (or, with whole, is needle) begins, or -1.
func (l *lineReader) find(needle string, whole bool) int {
	for from := l.pos; from < len(l.s); {
		i := strings.Index(l.s[from:], needle)
		if i < 0 {
			return -1
		}
		start, end := from+i, from+i+len(needle)
		from = end
		if start > l.pos && l.s[start-1] != '\n' && l.s[start-1] != '\r' {
			if whole {
				continue
			}
			for start > l.pos && l.s[start-1] != '\n' && l.s[start-1] != '\r' {
				start-- // back to the start of its line
			}
			if trimSpace(l.s[start:from-len(needle)]) != "" {
				continue // the needle inside a line
			}
		}
		if whole && end < len(l.s) && l.s[end] != '\n' && l.s[end] != '\r' && trimSpace(l.s[end:min(indexFrom(l.s, end, '\n'), indexFrom(l.s, end, '\r'))]) != "" {
			continue
		}
		return start
	}
	return -1
}

func indexFrom(s string, from int, c byte) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return len(s)
}

// trimSpace trims ASCII spaces and the no-break space some releases put
// around paragraphs (strings.TrimSpace with a cut set holding U+00A0 is
// many times slower on a whole release).
func trimSpace(s string) string {
	for len(s) > 0 {
		if c := s[0]; c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			s = s[1:]
		} else if strings.HasPrefix(s, "\u00a0") {
			s = s[2:]
		} else {
			break
		}
	}
	for len(s) > 0 {
		if c := s[len(s)-1]; c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			s = s[:len(s)-1]
		} else if strings.HasSuffix(s, "\u00a0") {
			s = s[:len(s)-2]
		} else {
			break
		}
	}
	return s
}

// EffectiveDate finds every "These rules are effective as of Month D, YYYY."
// line and returns the date as YYYY-MM-DD. The lines must agree.
func EffectiveDate(text string) (string, error) {
	var found string
	foundLine := 0
	lines := lineReader{s: text, lf: -1, cr: -1}
	for lineNo := 1; ; lineNo++ {
		line, ok := lines.next()
		if !ok {
			break
		}
		rest, ok := strings.CutPrefix(trimSpace(line), effectivePrefix)
		if !ok {
			continue
		}
		date, err := ParseDate(rest)
		if err != nil {
			return "", fmt.Errorf("line %d: %w", lineNo, err)
		}
		if found != "" && date != found {
			return "", fmt.Errorf("line %d: effective date %s disagrees with %s on line %d", lineNo, date, found, foundLine)
		}
		found, foundLine = date, lineNo
	}
	if found == "" {
		return "", fmt.Errorf("no %q line found", effectivePrefix+"...")
	}
	return found, nil
}

// dateRE is compiled on first use: importing the package costs nothing.
var dateRE = struct {
	once sync.Once
	re   *regexp.Regexp
}{}

func dateRegexp() *regexp.Regexp {
	dateRE.once.Do(func() { dateRE.re = regexp.MustCompile(`^([A-Z][a-z]+)\s*(\d{1,2}),?\s*(\d{4})\.?$`) })
	return dateRE.re
}

// ParseDate reads "February 27, 2026" as 2026-02-27. The official text once
// printed "June18, 2021", so the space after the month is optional.
func ParseDate(s string) (string, error) {
	m := dateRegexp().FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", fmt.Errorf("effective date %q is not of the form \"January 2, 2006\"", s)
	}
	t, err := time.Parse("January 2 2006", m[1]+" "+m[2]+" "+m[3])
	if err != nil {
		return "", fmt.Errorf("effective date %q: %w", s, err)
	}
	return t.Format(time.DateOnly), nil
}

// SplitNumber splits "205.3m Text" into "205.3m" and "Text". It accepts the
// forms the official text uses ("100.1.", "100.1a") and its known typos
// ("119.1d.", "606.5 If", "901.4.All"). Section headings ("205. Type Line")
// and anything else return ok=false.
func SplitNumber(line string) (number, rest string, ok bool) {
	i := 0
	for i < len(line) && isDigit(line[i]) {
		i++
	}
	if i != 3 || i >= len(line) || line[i] != '.' {
		return "", "", false
	}
	i++
	j := i
	for j < len(line) && isDigit(line[j]) {
		j++
	}
	if j == i || j-i > 4 {
		return "", "", false
	}
	if j < len(line) && line[j] >= 'a' && line[j] <= 'z' {
		// A letter is a subrule letter only if the word ends there:
		// "901.4.All" has no letter, "205.3m Creatures" has one.
		if j+1 == len(line) || !isLetter(line[j+1]) {
			j++
		}
	}
	number = line[:j]
	rest = line[j:]
	rest = strings.TrimPrefix(rest, ".")
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' && !isUpper(rest[0]) {
		return "", "", false // e.g. "100.1x2": not a rule number
	}
	return number, trimSpace(rest), true
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isUpper(c byte) bool  { return c >= 'A' && c <= 'Z' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || isUpper(c) }

// Abbreviate shortens s to about 120 characters for error messages, cutting
// at a character boundary.
func Abbreviate(s string) string {
	r := []rune(s)
	if len(r) > 120 {
		return string(r[:117]) + "..."
	}
	return s
}
