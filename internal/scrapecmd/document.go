package scrapecmd

import "github.com/mtgrules/crgen/generated/ruletext"

// document is one release's rules whole, as a program in any language
// reads them (schema release-rules): its contents, every rule with its
// paragraphs, examples and references, its glossary. A release that
// holds only some rules (Holds) gives the others as the release before
// printed them, each rule naming the release its text is from.
type document struct {
	Lang     string             `json:"lang"`
	Release  string             `json:"release"`
	Source   string             `json:"source"`
	Holds    []string           `json:"holds,omitempty"`
	Contents []ruletext.Heading `json:"contents"`
	Rules    []ruleOut          `json:"rules"`
	Glossary []docTerm          `json:"glossary"`
}

// docTerm is one glossary entry of a document.
type docTerm struct {
	Term       string   `json:"term"`
	Definition []string `json:"definition"`
	Refs       []string `json:"refs,omitempty"`
	Since      string   `json:"since"`
	Printed    string   `json:"printed"`
}

// documentOf is the edition whole.
func documentOf(e ruletext.Edition) *document {
	rel := e.Release()
	d := &document{Lang: string(e.Lang()), Release: rel.Date, Source: string(rel.Source), Holds: rel.Holds,
		Contents: e.Contents(), Rules: []ruleOut{}, Glossary: []docTerm{}}
	if d.Contents == nil {
		d.Contents = []ruletext.Heading{}
	}
	for _, n := range e.Numbers() {
		r, _ := e.Lookup(n)
		d.Rules = append(d.Rules, ruleOutOf(r))
	}
	for _, t := range e.Terms() {
		entry, _ := e.Term(t)
		d.Glossary = append(d.Glossary, docTerm{Term: entry.Term, Definition: entry.Definition(), Refs: entry.References(), Since: entry.Since, Printed: entry.Printed})
	}
	return d
}
