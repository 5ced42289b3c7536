package diff

import "github.com/mtgrules/crgen/internal/worddiff"

// The word diff is package worddiff's, which the reader of the rules
// (generated/ruletext) shares: one diff, one classification.

// Op is one step of a word diff: "=", "+" or "-" in JSON.
type Op = worddiff.Op

const (
	Equal  = worddiff.Equal
	Insert = worddiff.Insert
	Delete = worddiff.Delete
)

// Span is a run of words that a diff keeps, inserts or deletes:
// {"op": "=", "text": "..."} in JSON.
type Span = worddiff.Span

// Tokenize splits text into words, each keeping the spaces after it, so
// that joining the tokens gives the text back exactly.
func Tokenize(s string) []string { return worddiff.Tokenize(s) }

// WordDiff diffs two texts word by word (worddiff.Diff). Character-level
// diffs of rules text are unreadable ("tri|kin|dreds").
func WordDiff(a, b string) []Span { return worddiff.Diff(a, b) }
