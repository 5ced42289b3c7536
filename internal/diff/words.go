package diff

import (
	"strings"
	"unicode"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Op is one step of a word diff.
type Op string

const (
	Equal  Op = "="
	Insert Op = "+"
	Delete Op = "-"
)

// Span is a run of words that a diff keeps, inserts or deletes.
type Span struct {
	Op   Op     `json:"op"`
	Text string `json:"text"`
}

// tokenize splits text into words, each keeping the spaces after it, so
// that joining the tokens gives the text back exactly.
func tokenize(s string) []string {
	var out []string
	start := 0
	inSpace := false
	for i, r := range s {
		space := unicode.IsSpace(r)
		if !space && inSpace {
			out = append(out, s[start:i])
			start = i
		}
		inSpace = space
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// WordDiff diffs two texts word by word with go-diff: each distinct word is
// mapped to one rune, the rune strings are diffed, and the result is mapped
// back. Character-level diffs of rules text are unreadable ("tri|kin|dreds").
func WordDiff(a, b string) []Span {
	index := map[string]rune{}
	var words []string
	encode := func(s string) []rune {
		toks := tokenize(s)
		rs := make([]rune, len(toks))
		for i, t := range toks {
			r, ok := index[t]
			if !ok {
				r = rune(0xF0000 + len(words)) // private use plane: never a real character
				index[t] = r
				words = append(words, t)
			}
			rs[i] = r
		}
		return rs
	}
	ra, rb := encode(a), encode(b)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0 // deterministic: no time-dependent shortcuts
	diffs := dmp.DiffCleanupSemantic(dmp.DiffMainRunes(ra, rb, false))
	var out []Span
	for _, d := range diffs {
		var sb strings.Builder
		for _, r := range d.Text {
			sb.WriteString(words[r-0xF0000])
		}
		op := Equal
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			op = Insert
		case diffmatchpatch.DiffDelete:
			op = Delete
		}
		if n := len(out); n > 0 && out[n-1].Op == op {
			out[n-1].Text += sb.String()
			continue
		}
		out = append(out, Span{Op: op, Text: sb.String()})
	}
	return out
}

// similarity is the share of words two texts have in common, in order, read
// off their word diff (1 for equal texts, 0 for nothing shared).
func similarity(spans []Span) float64 {
	common, total := 0, 0
	for _, s := range spans {
		n := len(tokenize(s.Text))
		total += n
		if s.Op == Equal {
			common += 2 * n
			total += n
		}
	}
	if total == 0 {
		return 0
	}
	return float64(common) / float64(total)
}

// typography folds the differences that are typography, not wording:
// straight and curly quotes and apostrophes, and no-break spaces.
var typography = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`, "\u00a0", " ")

// typographyKey is s with typography folded and runs of spaces collapsed.
func typographyKey(s string) string {
	return strings.Join(strings.Fields(typography.Replace(s)), " ")
}
