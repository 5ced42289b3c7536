package diff

import (
	"github.com/mtgrules/crgen/internal/rulenum"
)

// CompareNumbers orders rule numbers as the rules do: chapter 7 before
// section 700, section 702 before its rules, 702.9 before 702.10,
// 702.10 before 702.10a, and 205.3z before 205.3aa.
func CompareNumbers(a, b string) int { return rulenum.Compare(a, b) }

// ParentNumber is the number n is under (rulenum.Parent): a subrule's
// rule ("702.19b" → "702.19"), a rule's section ("702.19" → "702"), a
// section's chapter ("702" → "7"); "" for a chapter, or what is no
// number (a glossary term).
func ParentNumber(n string) string { return rulenum.Parent(n) }

// SortNumbers sorts rule numbers in CompareNumbers' order.
func SortNumbers(numbers []string) { rulenum.Sort(numbers) }
