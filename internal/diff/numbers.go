package diff

import (
	"cmp"
	"slices"
	"strings"
)

// CompareNumbers orders rule numbers as the rules do: chapter 7 before
// section 700, section 702 before its rules, 702.9 before 702.10,
// 702.10 before 702.10a, and 205.3z before 205.3aa.
func CompareNumbers(a, b string) int {
	as, ar, al := splitNumber(a)
	bs, br, bl := splitNumber(b)
	return cmp.Or(cmp.Compare(as, bs), cmp.Compare(ar, br), cmp.Compare(len(al), len(bl)), strings.Compare(al, bl))
}

// splitNumber splits "702.10a" into 702 (a chapter "7" is 699, before
// every section of its hundred), 10 (-1 for a section or chapter) and
// "a".
func splitNumber(n string) (section, rule int, letters string) {
	i := 0
	for ; i < len(n) && n[i] >= '0' && n[i] <= '9'; i++ {
		section = section*10 + int(n[i]-'0')
	}
	if i == 1 {
		section = section*100 - 1 // chapter 7 before section 700
	}
	if i >= len(n) || n[i] != '.' {
		return section, -1, n[i:]
	}
	for i++; i < len(n) && n[i] >= '0' && n[i] <= '9'; i++ {
		rule = rule*10 + int(n[i]-'0')
	}
	return section, rule, n[i:]
}

// ParentNumber is the number n is under: a subrule's rule ("702.19b" →
// "702.19"), a rule's section ("702.19" → "702"), a section's chapter
// ("702" → "7"); "" for a chapter, or what is no number (a glossary
// term).
func ParentNumber(n string) string {
	dot := strings.IndexByte(n, '.')
	switch {
	case n == "" || n[0] < '0' || n[0] > '9':
		return "" // not a number: a glossary term
	case dot < 0 && len(n) > 1:
		return n[:1]
	case dot < 0:
		return ""
	}
	end := len(n)
	for end > dot+1 && n[end-1] >= 'a' && n[end-1] <= 'z' {
		end--
	}
	if end < len(n) && end > dot+1 {
		return n[:end] // a subrule's rule
	}
	return n[:dot]
}

// SortNumbers sorts rule numbers in CompareNumbers' order, each read
// once.
func SortNumbers(numbers []string) {
	type keyed struct {
		section, rule int
		letters, n    string
	}
	keys := make([]keyed, len(numbers))
	for i, n := range numbers {
		s, r, l := splitNumber(n)
		keys[i] = keyed{s, r, l, n}
	}
	slices.SortFunc(keys, func(a, b keyed) int {
		return cmp.Or(cmp.Compare(a.section, b.section), cmp.Compare(a.rule, b.rule), cmp.Compare(len(a.letters), len(b.letters)), strings.Compare(a.letters, b.letters))
	})
	for i, k := range keys {
		numbers[i] = k.n
	}
}
