package rulebook

import (
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// Document is one release's rules whole, as a program in any language
// reads them (schema release-rules): its contents, every rule with its
// paragraphs, examples and references, its glossary. A release that
// holds only some rules (Holds) gives the others as the release before
// printed them, each rule with the release its text is from (Since).
type Document struct {
	Lang     string       `json:"lang"`
	Release  string       `json:"release"`
	Source   string       `json:"source"`
	Holds    []string     `json:"holds,omitempty"`
	Contents []DocHeading `json:"contents"`
	Rules    []DocRule    `json:"rules"`
	Glossary []DocTerm    `json:"glossary"`
}

// DocHeading is a chapter ("7") or a section ("702") and its title.
type DocHeading struct {
	Number string `json:"number"`
	Title  string `json:"title"`
}

// DocRule is one rule of a Document.
type DocRule struct {
	Number   string   `json:"number"`
	Title    string   `json:"title,omitempty"`
	Text     string   `json:"text"`
	More     []string `json:"more,omitempty"`
	Examples []string `json:"examples,omitempty"`
	Refs     []string `json:"refs,omitempty"`
	Since    string   `json:"since"`
}

// DocTerm is one glossary entry of a Document.
type DocTerm struct {
	Term       string   `json:"term"`
	Definition []string `json:"definition"`
	Refs       []string `json:"refs,omitempty"`
	Since      string   `json:"since"`
}

// Document is release's rules whole; false when the book does not
// record it.
func (b *Book) Document(release string) (*Document, bool) {
	i := b.indexOf(release)
	if i < 0 {
		return nil, false
	}
	rel := b.Releases[i]
	d := &Document{Lang: b.Lang, Release: rel.Date, Source: rel.Source, Holds: rel.Holds, Contents: []DocHeading{}, Rules: []DocRule{}, Glossary: []DocTerm{}}
	for _, h := range b.Contents {
		if v, ok := At(h.Versions, release); ok {
			d.Contents = append(d.Contents, DocHeading{Number: h.Number, Title: v.Text})
		}
	}
	for _, h := range b.Rules {
		v, ok := At(h.Versions, release)
		if !ok {
			continue
		}
		p := crtext.Para{Number: h.Number, Text: v.Text, More: v.More}
		d.Rules = append(d.Rules, DocRule{Number: h.Number, Title: p.Title(), Text: v.Text, More: v.More, Examples: p.Examples(),
			Refs: rulenum.References(strings.Join(append([]string{v.Text}, v.More...), "\n")), Since: v.Since})
	}
	for _, t := range b.Glossary {
		if v, ok := At(t.Versions, release); ok {
			d.Glossary = append(d.Glossary, DocTerm{Term: t.Term, Definition: v.More, Refs: rulenum.References(strings.Join(v.More, "\n")), Since: v.Since})
		}
	}
	return d, true
}
