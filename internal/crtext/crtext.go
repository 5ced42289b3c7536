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
	"fmt"
	"iter"
	"regexp"
	"strings"
	"time"
)

// Rule is one numbered rule with its examples joined to it by a space, the
// way rule pages print them.
type Rule struct {
	Number string // "205.3m"
	Text   string // without the number
	Line   int    // 1-based line of the rule's first paragraph
}

// Document is a parsed Comprehensive Rules file.
type Document struct {
	Effective string // YYYY-MM-DD from "These rules are effective as of ..."
	Rules     []Rule // in document order
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

// Parse reads a whole document (already decoded to UTF-8 with LF breaks).
// It fails when the document states no effective date, states two different
// ones, or contains no rules: that is not a Comprehensive Rules file.
func Parse(text string) (*Document, error) {
	d := &Document{}
	seen := map[string]int{}
	for r := range All(text) {
		if prev, dup := seen[r.Number]; dup {
			return nil, fmt.Errorf("line %d: rule %s appears twice (first on line %d)", r.Line, r.Number, prev)
		}
		seen[r.Number] = r.Line
		d.Rules = append(d.Rules, r)
	}
	if len(d.Rules) == 0 {
		return nil, fmt.Errorf("no numbered rules found (expected lines like \"100.1. ...\")")
	}
	if !hasEnd(text) {
		last := d.Rules[len(d.Rules)-1]
		return nil, fmt.Errorf("truncated: the document ends after rule %s (line %d) without the Glossary and Credits that end every release; the download was probably cut short", last.Number, last.Line)
	}
	eff, err := EffectiveDate(text)
	if err != nil {
		return nil, err
	}
	d.Effective = eff
	return d, nil
}

const effectivePrefix = "These rules are effective as of "

// hasEnd reports whether the text goes on past the numbered rules to the
// glossary or credits, as every release does: a document that stops in
// the middle of the rules was truncated.
func hasEnd(text string) bool {
	rulesSeen := false
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if _, _, ok := SplitNumber(line); ok {
			rulesSeen = true
			continue
		}
		if rulesSeen && (line == "Glossary" || line == "Credits") {
			return true
		}
	}
	return false
}

// EffectiveDate finds every "These rules are effective as of Month D, YYYY."
// line and returns the date as YYYY-MM-DD. The lines must agree.
func EffectiveDate(text string) (string, error) {
	var found string
	foundLine := 0
	lineNo := 0
	for line := range strings.Lines(text) {
		lineNo++
		line = strings.TrimSpace(line)
		rest, ok := strings.CutPrefix(line, effectivePrefix)
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

var dateRE = regexp.MustCompile(`^([A-Z][a-z]+)\s*(\d{1,2}),?\s*(\d{4})\.?$`)

// ParseDate reads "February 27, 2026" as 2026-02-27. The official text once
// printed "June18, 2021", so the space after the month is optional.
func ParseDate(s string) (string, error) {
	m := dateRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", fmt.Errorf("effective date %q is not of the form \"January 2, 2006\"", s)
	}
	t, err := time.Parse("January 2 2006", m[1]+" "+m[2]+" "+m[3])
	if err != nil {
		return "", fmt.Errorf("effective date %q: %w", s, err)
	}
	return t.Format(time.DateOnly), nil
}

// All yields the numbered rules of text in order. Parsing stops at the
// glossary, whose entries are not rules.
func All(text string) iter.Seq[Rule] {
	return func(yield func(Rule) bool) {
		var cur Rule
		have := false
		lineNo := 0
		for line := range strings.Lines(text) {
			lineNo++
			line = strings.TrimRight(line, " \t\n\u00a0")
			line = strings.TrimLeft(line, " \t\u00a0")
			if num, rest, ok := SplitNumber(line); ok {
				if have && !yield(cur) {
					return
				}
				cur, have = Rule{Number: num, Text: rest, Line: lineNo}, true
				continue
			}
			if have && strings.HasPrefix(line, "Example:") {
				cur.Text += " " + line
				continue
			}
			if have && line == "Glossary" {
				break
			}
			if line != "" && have {
				// Any other paragraph ends the rule: section headings,
				// and the glossary/credits if the heading was missing.
				if !yield(cur) {
					return
				}
				have = false
			}
		}
		if have {
			yield(cur)
		}
	}
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
	return number, strings.TrimSpace(rest), true
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
