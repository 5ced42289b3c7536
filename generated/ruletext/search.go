package ruletext

import (
	"strings"

	"github.com/mtgrules/crgen/internal/bookfile"
)

// Match is one place Search found its words.
type Match struct {
	// Number is the rule's number, or "" for a glossary entry, whose Term
	// is then set.
	Number, Term string
	// Text is the paragraph (or line of a definition, or the term itself)
	// where the words were found: Text[Start:End].
	Text       string
	Start, End int
}

// Context is the match within at most width characters of its
// paragraph, cut at spaces, with "…" where text was left out.
func (m Match) Context(width int) string {
	if len([]rune(m.Text)) <= width {
		return m.Text
	}
	side := max((width-len([]rune(m.Text[m.Start:m.End])))/2, 0)
	from, to := m.Start, m.End
	for n := 0; n < side && from > 0; n++ {
		from = prevRune(m.Text, from)
	}
	for n := 0; n < side && to < len(m.Text); n++ {
		to = nextRune(m.Text, to)
	}
	if from > 0 {
		if sp := strings.IndexByte(m.Text[from:m.Start], ' '); sp >= 0 {
			from += sp + 1
		}
	}
	if to < len(m.Text) {
		if sp := strings.LastIndexByte(m.Text[m.End:to], ' '); sp >= 0 {
			to = m.End + sp
		}
	}
	out := m.Text[from:to]
	if from > 0 {
		out = "…" + out
	}
	if to < len(m.Text) {
		out += "…"
	}
	return out
}

func prevRune(s string, i int) int {
	i--
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

func nextRune(s string, i int) int {
	i++
	for i < len(s) && s[i]&0xC0 == 0x80 {
		i++
	}
	return i
}

// Search finds words in the edition's rules and glossary: every
// paragraph (examples included) and every line of a definition where
// they occur in a row, regardless of case, of straight or curly quotes
// and of runs of spaces, on word boundaries; the rules first, in their
// order, then the glossary. ("lethal damage" finds 120.4a, 702.19b ...
// and the glossary's Lethal Damage.)
func (e Edition) Search(words string) []Match {
	if e.f == nil {
		return nil
	}
	ms, err := e.f.Search(words, e.i, 0)
	must("", err)
	out := make([]Match, len(ms))
	for k, m := range ms {
		out[k] = Match{Text: m.Text, Start: m.Start, End: m.End}
		if m.Kind == bookfile.Glossary {
			out[k].Term = m.Key
		} else {
			out[k].Number = m.Key
		}
	}
	return out
}
