package site

import (
	"html/template"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/crgen/internal/rulenum"
)

// linker turns the text of one page of a release into HTML with its
// links: every reference a text makes (rulenum.Refs: "rule 702.19",
// "rules 601.2f–h", "see rule 508") to that release's own rule, and the
// first mention on the page of each glossary term and keyword name to
// its entry or rule. A number the release does not print stays text.
type linker struct {
	page string // the page's path, from the site's root
	// target is where a number of the release is (its RulePath), false
	// when the release does not print it.
	target func(number string) (string, bool)
	// terms are the glossary terms and keyword names, folded (lower
	// case), with where each leads; longest is the most words of one.
	terms   map[string]string
	longest int
	linked  map[string]bool // terms linked on this page already
	// self is a target not to link to (the rule being rendered).
	self string
}

// html renders text with its links.
func (l *linker) html(text string) template.HTML {
	var b strings.Builder
	b.Grow(len(text) + len(text)/8)
	refs := rulenum.Refs(text)
	at := 0
	for _, r := range refs {
		l.plain(&b, text[at:r.Start])
		if to, ok := l.target(r.Numbers[0]); ok && to != l.self {
			b.WriteString(`<a href="`)
			b.WriteString(template.HTMLEscapeString(rel(l.page, to)))
			b.WriteString(`">`)
			b.WriteString(template.HTMLEscapeString(text[r.Start:r.End]))
			b.WriteString(`</a>`)
		} else {
			b.WriteString(template.HTMLEscapeString(text[r.Start:r.End]))
		}
		at = r.End
	}
	l.plain(&b, text[at:])
	return template.HTML(b.String()) //nolint:gosec // every piece of text is escaped above or in plain
}

// plain writes text without references, escaped, linking the first
// mention of each term.
func (l *linker) plain(b *strings.Builder, text string) {
	if len(l.terms) == 0 {
		b.WriteString(template.HTMLEscapeString(text))
		return
	}
	words := wordSpans(text)
	at := 0
	for i := 0; i < len(words); i++ {
		// The longest term starting at word i.
		for j := min(len(words), i+l.longest) - 1; j >= i; j-- {
			key := strings.ToLower(text[words[i][0]:words[j][1]])
			to, ok := l.terms[key]
			if !ok {
				continue
			}
			if l.linked[key] || to == l.self {
				break
			}
			l.linked[key] = true
			b.WriteString(template.HTMLEscapeString(text[at:words[i][0]]))
			b.WriteString(`<a class="t" href="`)
			b.WriteString(template.HTMLEscapeString(rel(l.page, to)))
			b.WriteString(`">`)
			b.WriteString(template.HTMLEscapeString(text[words[i][0]:words[j][1]]))
			b.WriteString(`</a>`)
			at = words[j][1]
			i = j
			break
		}
	}
	b.WriteString(template.HTMLEscapeString(text[at:]))
}

// wordSpans are the byte spans of text's words: letters and digits,
// joined by an apostrophe or a hyphen within a word.
func wordSpans(text string) [][2]int {
	var out [][2]int
	start := -1
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r)
		if !inWord && start >= 0 && (r == '\'' || r == '’' || r == '-') && i+n < len(text) {
			next, _ := utf8.DecodeRuneInString(text[i+n:])
			inWord = unicode.IsLetter(next)
		}
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
		i += n
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}
