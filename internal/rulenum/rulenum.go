// Package rulenum is the grammar of the Comprehensive Rules' numbers:
// their order, their kinds (chapter "7", section "702", rule "702.19",
// subrule "702.19b"), which rule is under which, and the references a
// text makes to them. It imports the standard library only: the
// pipeline (internal/rulebook, internal/crtext) and the reader of the
// rules (generated/ruletext) share it, so both order and relate numbers
// alike.
package rulenum

import (
	"cmp"
	"slices"
	"strings"
)

// Kind is what a number names.
type Kind uint8

const (
	Invalid Kind = iota
	Chapter      // "7"
	Section      // "702"
	Rule         // "702.19"
	Subrule      // "702.19b", "702.19aa"
)

// KindOf is what number n names, Invalid when it is no number of the
// rules: a chapter is one digit 1-9, a section three digits whose first
// is its chapter's, a rule a section, a dot and one to four digits, a
// subrule a rule followed by lower-case letters.
func KindOf(n string) Kind {
	i := 0
	for i < len(n) && isDigit(n[i]) {
		i++
	}
	switch {
	case i == 1 && n[0] != '0' && len(n) == 1:
		return Chapter
	case i != 3 || n[0] == '0':
		return Invalid
	case len(n) == 3:
		return Section
	case n[3] != '.':
		return Invalid
	}
	j := 4
	for j < len(n) && isDigit(n[j]) {
		j++
	}
	if j == 4 || j-4 > 4 {
		return Invalid
	}
	if j == len(n) {
		return Rule
	}
	for k := j; k < len(n); k++ {
		if n[k] < 'a' || n[k] > 'z' {
			return Invalid
		}
	}
	return Subrule
}

// Compare orders numbers as the rules do: chapter "7" before section
// "702", before 702.2 before 702.10, before 702.10a before 702.10z
// before 702.10aa; a chapter before its sections, a section before its
// rules. It allocates nothing.
func Compare(a, b string) int {
	as, ar, al := split(a)
	bs, br, bl := split(b)
	if c := cmp.Compare(as, bs); c != 0 {
		return c
	}
	if c := cmp.Compare(ar, br); c != 0 {
		return c
	}
	if c := cmp.Compare(len(al), len(bl)); c != 0 {
		return c
	}
	return strings.Compare(al, bl)
}

// Sort sorts numbers in Compare's order, each number read once, not
// once a comparison (a release's 3,000 numbers, sorted for every pair of
// releases the matcher compares): each is packed into one integer of
// the same order. Numbers Compare holds equal keep the order of their
// text (terms of the glossary, which are not numbers, are sorted so).
func Sort(numbers []string) {
	type keyed struct {
		key uint64
		n   string
	}
	ks := make([]keyed, len(numbers))
	for i, n := range numbers {
		k, ok := packed(n)
		if !ok {
			slices.SortFunc(numbers, func(a, b string) int { return cmp.Or(Compare(a, b), strings.Compare(a, b)) })
			return
		}
		ks[i] = keyed{k, n}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return cmp.Or(cmp.Compare(a.key, b.key), strings.Compare(a.n, b.n)) })
	for i := range ks {
		numbers[i] = ks[i].n
	}
}

// packed is split's parts of n in one integer ordered as Compare orders
// them: the section (16 bits), the rule plus one (16 bits), the number
// of letters (4 bits) and up to five letters (5 bits each); false when
// n does not fit.
func packed(n string) (uint64, bool) {
	section, rule, letters := split(n)
	if section < 0 || section >= 1<<16 || rule+1 >= 1<<16 || len(letters) > 5 {
		return 0, false
	}
	k := uint64(section)<<45 | uint64(rule+1)<<29 | uint64(len(letters))<<25
	for i := 0; i < len(letters); i++ {
		c := letters[i]
		if c < 'a' || c > 'z' {
			return 0, false
		}
		k |= uint64(c-'a'+1) << (20 - 5*i)
	}
	return k, true
}

// split splits "702.10a" into 702 (a chapter "7" is 699, before every
// section of its own), 10 (-1 for a section or chapter) and "a".
func split(n string) (section, rule int, letters string) {
	i := 0
	for ; i < len(n) && isDigit(n[i]); i++ {
		section = section*10 + int(n[i]-'0')
	}
	if i == 1 {
		section *= 100 // chapter 7 before section 700
		section--
	}
	if i >= len(n) || n[i] != '.' {
		return section, -1, n[i:]
	}
	for i++; i < len(n) && isDigit(n[i]); i++ {
		rule = rule*10 + int(n[i]-'0')
	}
	return section, rule, n[i:]
}

// SectionOf is the section a rule number belongs to: "702" for 702.19b
// and 702.19, "702" for 702 itself.
func SectionOf(n string) string {
	s, _, _ := strings.Cut(n, ".")
	return s
}

// ChapterOf is the chapter of a number: "7" for 702.19b, 702 and 7.
func ChapterOf(n string) string {
	if n == "" {
		return ""
	}
	return n[:1]
}

// Parent is the number directly above n: 702.19 for 702.19b, 702 for
// 702.19, 7 for 702, "" for a chapter (or no number).
func Parent(n string) string {
	switch KindOf(n) {
	case Subrule:
		i := len(n)
		for n[i-1] >= 'a' && n[i-1] <= 'z' {
			i--
		}
		return n[:i]
	case Rule:
		return SectionOf(n)
	case Section:
		return n[:1]
	}
	return ""
}

// Under reports whether n is under parent at any depth, parent itself
// aside: 702.19b and 702.19 are under 702, 702.19b under 702.19, 702 and
// 702.19 under 7; 702.190 is not under 702.19.
func Under(n, parent string) bool {
	if len(n) <= len(parent) || !strings.HasPrefix(n, parent) {
		return false
	}
	c := n[len(parent)]
	switch KindOf(parent) {
	case Chapter:
		return KindOf(n) != Invalid
	case Section:
		return c == '.'
	case Rule:
		return c >= 'a' && c <= 'z'
	case Subrule:
		// 702.19a has no subrules; a longer run of letters (702.19aa) is a
		// sibling, not a child.
		return false
	}
	return false
}

// IsChild reports whether n is directly under parent: 702.19 of 702,
// 702.19b of 702.19, 702 of 7.
func IsChild(n, parent string) bool { return parent != "" && Parent(n) == parent }

// TitleOf is the name a rule without a letter gives its subrules
// ("Trample" for 702.19: a first paragraph text that ends in no
// punctuation and is followed by no other paragraph), or "" for a rule
// that says something. more is how many paragraphs follow text.
func TitleOf(number, text string, more int) string {
	if more > 0 || text == "" || KindOf(number) != Rule {
		return ""
	}
	switch text[len(text)-1] {
	case '.', ':', '"', ')', '!', '?', ',', ';':
		return ""
	}
	if strings.HasSuffix(text, "”") {
		return ""
	}
	return text
}

// IsExample reports whether a paragraph is an example ("Example: ...";
// the Spanish rules print "Ejemplo: ...").
func IsExample(p string) bool {
	return strings.HasPrefix(p, "Example:") || strings.HasPrefix(p, "Ejemplo:")
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
