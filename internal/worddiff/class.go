package worddiff

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Class is how a text changed.
type Class string

const (
	Same Class = "same" // not at all
	// Typography: in quotes, apostrophes, dashes, italics or spaces only
	// (TypographyKey).
	Typography Class = "typography"
	// Reference: only in the numbers of the rules it cites, or their
	// ranges ("See rule 117.5." → "See rule 118.5.", "601.2e–g" →
	// "601.2f–h"): other rules moved, this one did not change
	// (ReferenceKey).
	Reference Class = "reference"
	Reworded  Class = "reworded" // its words changed
)

// Classify is how text a became text b.
func Classify(a, b string) Class {
	if a == b {
		return Same
	}
	ta, tb := TypographyKey(a), TypographyKey(b)
	switch {
	case ta == tb:
		return Typography
	case ReferenceKey(ta) == ReferenceKey(tb):
		return Reference
	}
	return Reworded
}

// TypographyKey is s with what is typography, not wording, folded:
// curly quotes and apostrophes made straight, dashes (–, —, −, --)
// hyphens, italics (_Magic_) plain, and spaces one, none at either end,
// none around a dash, before , . ; : ! ? ) or after (. Most texts have
// nothing to fold: s itself, no copy.
func TypographyKey(s string) string {
	if !needsFolding(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space, last := false, rune(0) // a space pending; the last rune written
	for _, r := range s {
		r = foldRune(r)
		switch {
		case r == 0:
			continue
		case unicode.IsSpace(r):
			space = true
			continue
		case r == '-':
			space = false // none before a dash, and a run of dashes is one
			if last == '-' {
				continue
			}
		case space && last != 0 && last != '-' && last != '(' && !strings.ContainsRune(",.;:!?)", r):
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
		last = r
	}
	return b.String()
}

// foldRune is r as TypographyKey reads it, 0 for none (an italics mark).
func foldRune(r rune) rune {
	switch r {
	case '’', '‘':
		return '\''
	case '“', '”':
		return '"'
	case '–', '—', '−':
		return '-'
	case '_':
		return 0
	}
	return r
}

// needsFolding reports whether TypographyKey may change s.
func needsFolding(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf || c == '_' || c == '-' || c != ' ' && asciiSpace[c]:
			return true
		case c == ' ' && (s[i+1] == ' ' || strings.IndexByte(",.;:!?)", s[i+1]) >= 0):
			return true
		case c == '(' && i+1 < len(s) && s[i+1] == ' ':
			return true
		}
	}
	return false
}

// ReferenceMark is what ReferenceKey puts in place of a rule number.
const ReferenceMark = "§"

// ReferenceKey is text with every rule number it cites replaced by
// ReferenceMark, so two texts citing different numbers in the same words
// match. A rule number is three digits not starting with 0, then maybe a
// dot, one to three digits and a lowercase letter ("205", "117.5",
// "702.19b"), maybe a range after a dash ("601.2e–g", "100–199",
// "702.19a-702.19c"), and a whole word: what the regular expression
// \b[1-9]\d{2}(?:\.\d{1,3}[a-z]?)?(?:[-–—](?:[1-9]\d{2}(?:\.\d{1,3}[a-z]?)?|\d{1,3}[a-z]?|[a-z]))?\b
// matches.
func ReferenceKey(text string) string {
	var b strings.Builder
	done := 0 // text[:done] is written
	for i := 0; i < len(text); {
		n := ruleNumberAt(text, i)
		if n == 0 {
			i++
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(text))
		}
		b.WriteString(text[done:i])
		b.WriteString(ReferenceMark)
		i += n
		done = i
	}
	if done == 0 {
		return text
	}
	b.WriteString(text[done:])
	return b.String()
}

// RuleNumbers are the rule numbers and ranges text cites, in order
// (those ReferenceKey replaces).
func RuleNumbers(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		if n := ruleNumberAt(text, i); n > 0 {
			out = append(out, text[i:i+n])
			i += n
			continue
		}
		i++
	}
	return out
}

// ruleNumberAt is the length of the rule number, or range, that begins at
// byte i of s, 0 for none: the first that ends a word of the ways the
// regular expression of ReferenceKey would try, greedy, then backing off.
func ruleNumberAt(s string, i int) int {
	if i > 0 && isWordByte(s[i-1]) {
		return 0
	}
	var ends [8]int
	for _, end := range numberEnds(s, i, ends[:0]) {
		if d := dashAt(s, end); d > 0 {
			var more [8]int
			for _, e := range rangeEnds(s, end+d, more[:0]) {
				if endsWord(s, e) {
					return e - i
				}
			}
			return end - i // a dash ends the word
		}
		if endsWord(s, end) {
			return end - i
		}
	}
	return 0
}

// numberEnds appends where a rule number that begins at byte i may end,
// the longest first: "ddd.ddd[a-z]", then fewer digits, then no letter,
// then "ddd".
func numberEnds(s string, i int, ends []int) []int {
	if i+3 > len(s) || s[i] < '1' || s[i] > '9' || !isDigit(s[i+1]) || !isDigit(s[i+2]) {
		return ends
	}
	if j := i + 3; j < len(s) && s[j] == '.' {
		digits := 0
		for digits < 3 && j+1+digits < len(s) && isDigit(s[j+1+digits]) {
			digits++
		}
		ends = digitsEnds(s, j+1, digits, ends)
	}
	return append(ends, i+3)
}

// digitsEnds appends where k down to 1 digits at j, each with a letter
// after it, then without, end.
func digitsEnds(s string, j, k int, ends []int) []int {
	for ; k >= 1; k-- {
		if end := j + k; end < len(s) && s[end] >= 'a' && s[end] <= 'z' {
			ends = append(ends, end+1)
		}
		ends = append(ends, j+k)
	}
	return ends
}

// rangeEnds appends where the end of a range that begins at byte j may
// end: a rule number, one to three digits and a letter, or a letter.
func rangeEnds(s string, j int, ends []int) []int {
	ends = numberEnds(s, j, ends)
	digits := 0
	for digits < 3 && j+digits < len(s) && isDigit(s[j+digits]) {
		digits++
	}
	ends = digitsEnds(s, j, digits, ends)
	if j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
		ends = append(ends, j+1)
	}
	return ends
}

// dashAt is the size of the dash at byte i of s (-, – or —), 0 for none.
func dashAt(s string, i int) int {
	switch {
	case i < len(s) && s[i] == '-':
		return 1
	case strings.HasPrefix(s[i:], "–"), strings.HasPrefix(s[i:], "—"):
		return len("–")
	}
	return 0
}

// endsWord reports whether byte i of s ends a word (\b after a word
// character).
func endsWord(s string, i int) bool { return i == len(s) || !isWordByte(s[i]) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWordByte is \w of a regular expression: an ASCII letter, digit or _.
func isWordByte(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}
