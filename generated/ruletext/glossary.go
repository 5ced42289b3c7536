package ruletext

import (
	"strings"

	"github.com/mtgrules/crgen/internal/bookfile"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// Entry is a glossary entry as an edition prints it.
type Entry struct {
	Term string
	// Release, Printed and Since are as a Rule's: the release asked
	// about, the release whose printing the definition is, the first that
	// printed it so.
	Release, Printed, Since string

	v bookfile.Version
}

// Definition are the lines of the entry's definition ("1. ...", "2.
// ...", "See rule 113."). A new slice each call.
func (t Entry) Definition() []string {
	if t.v == (bookfile.Version{}) {
		return nil
	}
	out := make([]string, t.v.Paras())
	for k := range out {
		out[k] = must(t.v.Para(k))
	}
	return out
}

// References are the rules and sections the definition refers to.
func (t Entry) References() []string {
	return rulenum.References(strings.Join(t.Definition(), "\n"))
}

// TermError is a glossary term the edition does not print, with the
// terms nearest to it.
type TermError struct {
	Term    string
	Release string
	// Suggestions are the nearest terms the edition prints, best first:
	// a misspelling one or two letters away, then terms that are words of
	// the query ("Flying creature": Creature, Flying).
	Suggestions []string
}

func (e *TermError) Error() string {
	msg := "ruletext: the glossary of " + e.Release + " has no term " + quote(e.Term)
	if len(e.Suggestions) > 0 {
		qs := make([]string, len(e.Suggestions))
		for i, s := range e.Suggestions {
			qs[i] = quote(s)
		}
		msg += "; did you mean " + strings.Join(qs, " or ") + "?"
	}
	return msg
}

func quote(s string) string { return "\"" + s + "\"" }

// Term is the glossary entry the edition prints for term, forgiving of
// case, punctuation, apostrophes and a plural ("trample", "Urzas",
// "double-faced cards"); a term it does not print is a *TermError with
// the nearest terms. It allocates nothing on a hit once the text is read.
func (e Edition) Term(term string) (Entry, error) {
	if e.f == nil {
		return Entry{}, &TermError{Term: term}
	}
	h, ok := e.f.Term(term, e.i)
	if !ok {
		return Entry{}, &TermError{Term: term, Release: e.Date(), Suggestions: e.f.Suggest(term, e.i, 5)}
	}
	v, _ := e.f.At(bookfile.Glossary, h, e.i)
	// A release of some rules only printed no glossary.
	printed := e.f.WholeBy(e.i)
	return Entry{Term: e.f.Key(bookfile.Glossary, h), Release: e.f.Date(e.i), Printed: e.f.Date(printed), Since: e.f.Date(v.Since()), v: v}, nil
}

// Terms are the glossary terms the edition prints, in the glossary's
// order.
func (e Edition) Terms() []string {
	if e.f == nil {
		return nil
	}
	return e.f.Terms(e.i)
}
