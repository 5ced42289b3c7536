package crtext

import (
	"fmt"
	"strings"

	"github.com/mtgrules/crgen/internal/rulenum"
	"github.com/mtgrules/crgen/internal/textenc"
)

// Whole is a release read whole: its contents, every rule with all its
// paragraphs, and its glossary, where Parse keeps only rules' first
// paragraphs and examples.
type Whole struct {
	Effective string
	// Contents are the chapters ("1", "Game Concepts") and sections
	// ("100", "General") the table of contents lists, in its order.
	Contents []Heading
	// Rules are every numbered rule in document order; a number printed
	// twice (see Problems) appears twice.
	Rules    []Para
	Glossary []Entry
	// Problems are the flaws of the numbering, as Document's.
	Problems []Problem
	// Warnings name what else was read past: a stray paragraph, a
	// heading of the rules the contents do not list, a glossary entry
	// without a definition.
	Warnings       []string
	EndsInGlossary bool
}

// Heading is a chapter ("1. Game Concepts") or a section ("100. General").
type Heading struct {
	Number string `json:"number"`
	Title  string `json:"title"`
}

// Para is one numbered rule with every paragraph printed under it.
type Para struct {
	Number string
	// Text is the rule's first paragraph, without its number. For a
	// rule that names a keyword or a step ("702.19. Trample") it is that
	// name (Title).
	Text string
	// More are the paragraphs that follow it before the next rule or
	// heading, in order: its examples ("Example: ...", as printed) and
	// the paragraphs that continue it ("Of that list, Forest, ...").
	More []string
	Line int
	// Lead is the number as printed where the release misprints it
	// ("119.1d." for 119.1d, "606.5" for 606.5.), else "".
	Lead string
}

// Examples are the rule's paragraphs that are examples ("Example:",
// in Spanish "Ejemplo:").
func (p Para) Examples() []string {
	var ex []string
	for _, m := range p.More {
		if rulenum.IsExample(m) {
			ex = append(ex, m)
		}
	}
	return ex
}

// Title is the name a rule without a letter gives its subrules
// ("Trample" for 702.19), or "" for a rule that says something.
func (p Para) Title() string { return rulenum.TitleOf(p.Number, p.Text, len(p.More)) }

// Printed is the rule's first line as the release prints it, whitespace
// aside: "100.1. These Magic ...", "100.1a A two-player game ...",
// "119.1d. In a two-player Brawl game ..." (Lead).
func (p Para) Printed() string {
	lead := p.Lead
	if lead == "" {
		lead = CanonicalLead(p.Number)
	}
	return lead + " " + p.Text
}

// CanonicalLead is how the rules print a rule's number before its text:
// "100.1." for a rule, "100.1a" for a subrule.
func CanonicalLead(number string) string {
	if strings.IndexFunc(number, func(r rune) bool { return r >= 'a' && r <= 'z' }) >= 0 {
		return number
	}
	return number + "."
}

// Entry is one term of the glossary: the term's line, then the lines of
// its definition ("1. Text on an object ...", "See rule 113 ...").
type Entry struct {
	Term       string
	Definition []string
	Line       int
}

// ReadWhole reads a release as published (any encoding) whole. It fails
// where Parse does: no effective date, no rules, a release cut short
// before its glossary.
func ReadWhole(data []byte) (*Whole, error) {
	text, _, toUTF8, err := textenc.View(data)
	if err != nil {
		return nil, err
	}
	w, err := ParseWhole(text)
	if err != nil {
		return nil, err
	}
	conv := func(s string) string {
		if t := toUTF8(s); t != s {
			return trimSpace(t)
		}
		return s
	}
	convAll := func(ss []string) {
		for i := range ss {
			ss[i] = conv(ss[i])
		}
	}
	for i := range w.Rules {
		w.Rules[i].Text = conv(w.Rules[i].Text)
		convAll(w.Rules[i].More)
	}
	for i := range w.Glossary {
		w.Glossary[i].Term = conv(w.Glossary[i].Term)
		convAll(w.Glossary[i].Definition)
	}
	for i := range w.Contents {
		w.Contents[i].Title = conv(w.Contents[i].Title)
	}
	convAll(w.Warnings)
	return w, nil
}

// ParseWhole reads a whole release decoded to UTF-8 (lines may end in
// LF, CRLF or CR).
func ParseWhole(text string) (*Whole, error) {
	// The numbering, the effective date and every check of a whole
	// release are Parse's: one reading of what a rule is.
	d, err := Parse(text)
	if err != nil {
		return nil, err
	}
	w := &Whole{Effective: d.Effective, Problems: d.Problems, EndsInGlossary: d.EndsInGlossary, Rules: make([]Para, 0, len(d.Rules))}
	r := wholeReader{w: w, lines: lineReader{s: text, lf: -1, cr: -1}, listed: map[string]bool{}}
	r.read()
	if r.err != nil {
		return nil, r.err
	}
	// A rule printed twice, or one subrule out of order, is read past
	// (Problems); numbering that goes back across sections is no order
	// of the rules at all.
	for _, p := range w.Problems {
		if !p.Repeated && sectionOf(p.Number) < sectionOf(p.Other) {
			return nil, fmt.Errorf("line %d: rule %s comes after rule %s (line %d): the numbering goes back across sections; the release cannot be split into rules", p.Line, p.Number, p.Other, p.OtherLine)
		}
	}
	return w, nil
}

// sectionOf is the section number of rule number n: 702 for 702.19b.
func sectionOf(n string) int {
	v := 0
	for i := 0; i < len(n) && isDigit(n[i]); i++ {
		v = v*10 + int(n[i]-'0')
	}
	return v
}

// wholeReader is ParseWhole's pass over the lines of a release.
type wholeReader struct {
	w     *Whole
	lines lineReader
	// listed are the headings the contents list ("100 General"), to
	// warn of one of the rules they do not.
	listed map[string]bool
	part   int // 0 front matter, 1 rules, 2 glossary, 3 credits
	cur    *Para
	entry  *Entry
	// section is the number of the last section heading of the rules;
	// err the first rule found under no heading of its section.
	section string
	err     error
}

func (r *wholeReader) read() {
	for n := 1; ; n++ {
		line, ok := r.lines.next()
		if !ok {
			break
		}
		line = trimSpace(line)
		switch r.part {
		case 0:
			r.front(line, n)
		case 1:
			r.rules(line, n)
		case 2:
			r.glossary(line, n)
		default:
			return
		}
	}
	r.endEntry()
}

// front reads the front matter: the contents' headings until the first
// rule.
func (r *wholeReader) front(line string, n int) {
	if _, _, ok := SplitNumber(line); ok {
		r.part = 1
		r.rules(line, n)
		return
	}
	if h, ok := heading(line); ok {
		if len(h.Number) == 3 {
			r.section = h.Number
		}
		if !r.listed[h.Number+" "+h.Title] {
			r.listed[h.Number+" "+h.Title] = true
			r.w.Contents = append(r.w.Contents, h)
		}
	}
}

// rules reads a line of the rules: a rule, a paragraph of the rule
// before it, a heading, or the glossary's heading that ends them.
func (r *wholeReader) rules(line string, n int) {
	if num, rest, ok := SplitNumber(line); ok {
		if sec, _, _ := strings.Cut(num, "."); sec != r.section && r.err == nil {
			r.err = fmt.Errorf("line %d: rule %s is under no heading of section %s (the last heading is of section %q): a section is missing; the release cannot be split into rules", n, num, sec, r.section)
		}
		p := Para{Number: num, Text: rest, Line: n}
		if lead := trimSpace(line[:len(line)-len(rest)]); lead != CanonicalLead(num) {
			p.Lead = lead
			r.w.Warnings = append(r.w.Warnings, fmt.Sprintf("line %d: rule %s printed %q: read as %s", n, num, p.Lead, num))
		}
		r.w.Rules = append(r.w.Rules, p)
		r.cur = &r.w.Rules[len(r.w.Rules)-1]
		return
	}
	switch line {
	case "":
		return
	case "Glossary", "Credits":
		r.cur = nil
		r.part = 2
		if line == "Credits" {
			r.part = 3
		}
		return
	}
	if h, ok := heading(line); ok {
		r.cur = nil
		if len(h.Number) == 3 {
			r.section = h.Number
		}
		if !r.listed[h.Number+" "+h.Title] {
			r.w.Warnings = append(r.w.Warnings, fmt.Sprintf("line %d: heading %q is not in the contents", n, line))
		}
		return
	}
	if r.cur == nil {
		r.w.Warnings = append(r.w.Warnings, fmt.Sprintf("line %d: paragraph %q under a heading, before any rule: read as nothing", n, Abbreviate(line)))
		return
	}
	if !strings.HasPrefix(line, "Example:") && !startsSentence(line) {
		r.w.Warnings = append(r.w.Warnings, fmt.Sprintf("line %d: paragraph %q of rule %s does not begin a sentence: kept as printed", n, Abbreviate(line), r.cur.Number))
	}
	r.cur.More = append(r.cur.More, line)
}

// glossary reads a line of the glossary: entries are a term's line and
// its definition's, apart from the next by a blank line.
func (r *wholeReader) glossary(line string, n int) {
	switch {
	case line == "Credits":
		r.endEntry()
		r.part = 3
	case line == "":
		r.endEntry()
	case r.entry == nil:
		r.entry = &Entry{Term: line, Line: n}
	default:
		r.entry.Definition = append(r.entry.Definition, line)
	}
}

func (r *wholeReader) endEntry() {
	if r.entry == nil {
		return
	}
	if len(r.entry.Definition) == 0 {
		r.w.Warnings = append(r.w.Warnings, fmt.Sprintf("line %d: glossary term %q has no definition", r.entry.Line, r.entry.Term))
	}
	r.w.Glossary = append(r.w.Glossary, *r.entry)
	r.entry = nil
}

// heading reads a chapter's or a section's heading: "1. Game Concepts",
// "205. Type Line".
func heading(line string) (Heading, bool) {
	if s, ok := splitHeading(line); ok {
		return Heading(s), true
	}
	if len(line) >= 4 && isDigit(line[0]) && line[1] == '.' && line[2] == ' ' && isUpper(line[3]) {
		return Heading{Number: line[:1], Title: line[3:]}, true
	}
	return Heading{}, false
}

// startsSentence reports whether a paragraph begins as the rules' do: a
// capital, a digit, a quotation mark or a mana symbol.
func startsSentence(s string) bool {
	c := s[0]
	return isUpper(c) || isDigit(c) || c == '"' || c == '{' || c == '(' || c == '[' || strings.HasPrefix(s, "“") || strings.HasPrefix(s, "_")
}
