package rulebook

import (
	"strings"

	"github.com/mtgrules/crgen/internal/bookfile"
)

// source is the record as bookfile compares and traces it (a
// bookfile.Source): its rules, headings and terms by index, their texts
// as of each release, and each release's pairing, computed on first use.
type source struct {
	b *Book
	// The index of each heading and term: rules have the book's own.
	contents, terms map[string]int
}

func (b *Book) source() source {
	s := source{b: b, contents: make(map[string]int, len(b.Contents)), terms: make(map[string]int, len(b.Glossary))}
	for i, h := range b.Contents {
		s.contents[h.Number] = i
	}
	for i, t := range b.Glossary {
		s.terms[t.Term] = i
	}
	return s
}

func (s source) Lang() string       { return s.b.Lang }
func (s source) Releases() int      { return len(s.b.Releases) }
func (s source) Date(i int) string  { return s.b.Releases[i].Date }
func (s source) Partial(i int) bool { return len(s.b.Releases[i].Holds) > 0 }

func (s source) Len(of bookfile.Kind) int {
	switch of {
	case bookfile.Contents:
		return len(s.b.Contents)
	case bookfile.Glossary:
		return len(s.b.Glossary)
	}
	return len(s.b.Rules)
}

func (s source) Key(of bookfile.Kind, h int) string {
	switch of {
	case bookfile.Contents:
		return s.b.Contents[h].Number
	case bookfile.Glossary:
		return s.b.Glossary[h].Term
	}
	return s.b.Rules[h].Number
}

func (s source) Find(of bookfile.Kind, key string) (int, bool) {
	switch of {
	case bookfile.Contents:
		h, ok := s.contents[key]
		return h, ok
	case bookfile.Glossary:
		h, ok := s.terms[key]
		return h, ok
	}
	if s.b.History(key) == nil {
		return 0, false
	}
	return s.b.ruleIndex[key], true
}

// versions are history h's versions.
func (s source) versions(of bookfile.Kind, h int) []Version {
	switch of {
	case bookfile.Contents:
		return s.b.Contents[h].Versions
	case bookfile.Glossary:
		return s.b.Glossary[h].Versions
	}
	return s.b.Rules[h].Versions
}

// Text is as the reader's book gives it: a rule's paragraphs (its
// printings again too), a heading's title, a term's definition, a line
// each.
func (s source) Text(of bookfile.Kind, h, i int) (string, bool, error) {
	v, ok := At(s.versions(of, h), s.b.Releases[i].Date)
	if !ok {
		return "", false, nil
	}
	switch of {
	case bookfile.Contents:
		return v.Text, true, nil
	case bookfile.Glossary:
		return strings.Join(v.More, "\n"), true, nil
	}
	return fullText(v), true, nil
}

func (s source) PrintedTwice(h, i int) bool {
	v, ok := At(s.b.Rules[h].Versions, s.b.Releases[i].Date)
	return ok && len(v.Also) > 0
}

// numbering is release i's pairing of histories of kind of.
func (s source) numbering(of bookfile.Kind, i int) numbering {
	x := s.b.pairing(i)
	switch of {
	case bookfile.Contents:
		return x.headings
	case bookfile.Glossary:
		return x.terms
	}
	return x.rules
}

// held says which keys of kind of release i prints.
func (s source) held(of bookfile.Kind, i int) func(string) bool {
	return func(key string) bool {
		h, ok := s.Find(of, key)
		if !ok {
			return false
		}
		_, ok = At(s.versions(of, h), s.b.Releases[i].Date)
		return ok
	}
}

func (s source) Next(of bookfile.Kind, i, h int) (int, bool) {
	n, ok := s.numbering(of, i).next(s.Key(of, h), s.held(of, i))
	if !ok {
		return 0, false
	}
	return s.Find(of, n)
}

func (s source) Previous(of bookfile.Kind, i, h int) (int, bool) {
	n, ok := s.numbering(of, i).previous(s.Key(of, h), s.held(of, i-1))
	if !ok {
		return 0, false
	}
	return s.Find(of, n)
}

func (s source) Paired(i int, k bookfile.PairKind, of bookfile.Kind, h int, from bool) int {
	if of != bookfile.Rules {
		return -1
	}
	p := s.b.pairing(i).Pairing
	moves := map[bookfile.PairKind][]Move{bookfile.PairMove: p.Moves, bookfile.PairSplit: p.Splits, bookfile.PairMerge: p.Merges}[k]
	key := s.Key(of, h)
	for _, m := range moves {
		switch {
		case from && m.From == key:
			other, _ := s.Find(of, m.To)
			return other
		case !from && m.To == key:
			other, _ := s.Find(of, m.From)
			return other
		}
	}
	return -1
}
