package worddiff

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Class is how a text changed.
type Class string

const (
	Same       Class = "same"       // not at all
	Typography Class = "typography" // in quotes, apostrophes or spaces only (TypographyKey)
	// Reference: only in the numbers of the rules it cites ("See rule
	// 117.5." → "See rule 118.5."): another rule moved, this one did not
	// change (ReferenceKey).
	Reference Class = "reference"
	Reworded  Class = "reworded" // its words changed
)

// Classify is how text a became text b.
func Classify(a, b string) Class {
	switch {
	case a == b:
		return Same
	case CountWords(a) != CountWords(b):
		// Folding quotes and spaces keeps every word.
		return Reworded
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

// TypographyKey is s with the differences that are typography, not
// wording, folded (straight and curly quotes and apostrophes, no-break
// spaces) and runs of spaces collapsed, in one pass. Most texts have
// nothing to fold: s itself, no copy.
func TypographyKey(s string) string {
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c < utf8.RuneSelf && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' &&
			!(c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '))
	}
	if plain {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch r {
		case '’', '‘':
			r = '\''
		case '“', '”':
			r = '"'
		}
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ReferenceMark is what ReferenceKey puts in place of a rule number.
const ReferenceMark = "§"

// ReferenceKey is text with every rule number it cites ("117.5",
// "702.19b", "205.4f", a section "205": three digits not starting with
// 0, a dot, one to three digits and a lowercase letter, as a whole word)
// replaced by ReferenceMark, so two texts citing different numbers in the
// same words match.
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

// ruleNumberAt is the length of the rule number that begins at byte i of
// s, 0 for none: the longest of "ddd.ddd[a-z]" that ends a word, as the
// regular expression \b[1-9]\d{2}(?:\.\d{1,3}[a-z]?)?\b would match it.
func ruleNumberAt(s string, i int) int {
	if i > 0 && isWordByte(s[i-1]) || i+3 > len(s) || s[i] < '1' || s[i] > '9' || !isDigit(s[i+1]) || !isDigit(s[i+2]) {
		return 0
	}
	endsWord := func(j int) bool { return j == len(s) || !isWordByte(s[j]) }
	if j := i + 3; j < len(s) && s[j] == '.' {
		digits := 0
		for digits < 3 && j+1+digits < len(s) && isDigit(s[j+1+digits]) {
			digits++
		}
		// Greedy, then back: the most digits first, a letter before none.
		for k := digits; k >= 1; k-- {
			end := j + 1 + k
			if end < len(s) && s[end] >= 'a' && s[end] <= 'z' && endsWord(end+1) {
				return end + 1 - i
			}
			if endsWord(end) {
				return end - i
			}
		}
	}
	if endsWord(i + 3) {
		return 3
	}
	return 0
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWordByte is \w of a regular expression: an ASCII letter, digit or _.
func isWordByte(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// RuleNumbers are the rule numbers text cites, in order (ReferenceKey's).
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
