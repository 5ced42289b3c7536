package keyword

import (
	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
	"github.com/mtgrules/crgen/internal/kwform"
)

// scan is one reading of a text.
type scan struct {
	r   Reader
	dst []Found
	// nameFirst is the first token of the card's name, "" for none.
	nameFirst string
	// The line read: its text, where it begins in the text. (Its tokens
	// are no field: they are passed down, so that the stack's buffer they
	// are read into stays there.)
	src string
	off int
}

// line reads one line of text, which begins at offset off, its tokens
// read into buf.
func (s *scan) line(buf []kwform.Token, line string, off int) {
	s.src, s.off = line, off
	t := kwform.Lex(line, buf)
	from := 0
	n := len(s.dst)
	head, word, ok := s.heading(t) // an ability word heading the line appended
	if word || !s.keywordLine(t, 0) {
		// An ability word heading the line (207.2c, what the rules list
		// first), or a flavor word where the line is no keyword line: the
		// rest is read as a line of its own.
		if !word {
			s.dst = s.dst[:n]
		}
		if word || ok {
			from = head
			if m := len(s.dst); !s.keywordLine(t, from) {
				s.dst = s.dst[:m]
			}
		}
	}
	s.actions(t, from)
}

// text is the line's text from token i to token j (exclusive), and where
// it begins and ends in the text read.
func (s *scan) text(t []kwform.Token, i, j int) (string, int, int) {
	if i >= j {
		return "", s.off, s.off
	}
	a, b := int(t[i].Start), int(t[j-1].End)
	return s.src[a:b], s.off + a, s.off + b
}

// word is the text of token i.
func (s *scan) word(t []kwform.Token, i int) string { return s.src[t[i].Start:t[i].End] }

// is reports whether token i is of kind k.
func (s *scan) is(t []kwform.Token, i int, k kwform.TokKind) bool {
	return i < len(t) && t[i].Kind == k
}

// isWord reports whether token i is a word whose key is lit, a word the
// reader spells (lower-case ASCII).
func (s *scan) isWord(t []kwform.Token, i int, lit string) bool {
	return s.is(t, i, kwform.TokWord) && foldIs(s.word(t, i), lit)
}

// nameAt reports whether the card's name begins at token i, its tokens
// as the name's, and returns the token after it.
func (s *scan) nameAt(t []kwform.Token, i int) (int, bool) {
	if s.nameFirst == "" || s.word(t, i) != s.nameFirst {
		return i, false
	}
	name := s.r.Name
	k := i
	for n, ok := kwform.Next(name, 0); ok; n, ok = kwform.Next(name, int(n.End)) {
		if k >= len(t) || t[k].Kind != n.Kind || s.word(t, k) != n.Text(name) {
			return i, false
		}
		k++
	}
	return k, true
}

// keywordLine appends the keyword abilities of a keyword line that
// begins at token from and reports true, or false for a line that is not
// all keyword abilities (what it appended then is to be dropped).
func (s *scan) keywordLine(t []kwform.Token, from int) bool {
	i, items := from, 0
	for {
		i = s.skipReminder(t, i)
		if i >= len(t) {
			return items > 0
		}
		end, sentence, ok := s.item(t, i)
		if !ok {
			return false
		}
		items++
		if sentence {
			return true
		}
		i = s.skipReminder(t, end)
		switch {
		case i >= len(t):
			return true
		case s.is(t, i, kwform.TokComma), s.is(t, i, kwform.TokSemicolon):
			i++
		default:
			return false
		}
	}
}

// skipReminder skips the reminder text (in parentheses) at token i.
func (s *scan) skipReminder(t []kwform.Token, i int) int {
	for s.is(t, i, kwform.TokOpen) {
		d := t[i].Depth
		i++
		for i < len(t) && !(t[i].Kind == kwform.TokClose && t[i].Depth == d) {
			i++
		}
		if i < len(t) {
			i++
		}
	}
	return i
}

// reminderStart is the token where reminder text begins at or after p,
// or the line's end.
func (s *scan) reminderStart(t []kwform.Token, p int) int {
	for q := p; q < len(t); q++ {
		if t[q].Kind == kwform.TokOpen {
			return q
		}
	}
	return len(t)
}

// listed reports whether the rules read list the ability.
func (s *scan) listed(v Ability) bool {
	if s.r.date == "" {
		return v.IsValid()
	}
	return listedIn(data.Abilities, int(v), s.r.forms)
}

func (s *scan) listedAction(v Action) bool {
	if s.r.date == "" {
		return v.IsValid()
	}
	return listedIn(data.Actions, int(v), s.r.verbs)
}

// listedIn is Table.ListedIn of a release known to have read the list:
// no search for it on every name.
func listedIn(t *enum.Table, v int, release string) bool {
	e := t.Entry(v)
	return e != nil && enum.ListedOn(e.Since, e.Removed, e.Gaps, release)
}

// formListed reports whether the keyword's rule wrote the form in the
// rules read.
func (s *scan) formListed(f *Form, release string) bool {
	if s.r.date == "" {
		return f.Removed == ""
	}
	return formIn(f, release)
}
