// Package scrape is the pipeline's first stage: it reads sources, extracts
// their facts into snapshots, pairs Spanish with English, merges the
// history into the current state of each language, and guards what it
// writes. Commands only wire it.
package scrape

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// Document is one source's bytes with what is known about them.
type Document struct {
	Source sources.Source
	URL    string // where the bytes came from (live URL, or a descriptive URI)
	Data   []byte
	// SHA256 of Data, when the caller has it already: a document is
	// hashed once.
	SHA256 string
	// Live is set for a document fetched from its live URL in this run.
	Live bool
}

func (d Document) sha256() string {
	if d.SHA256 != "" {
		return d.SHA256
	}
	return snapshot.SHA256(d.Data)
}

// SourceError ties an error to the source it came from and where its
// bytes were read (a URL or a file).
type SourceError struct {
	Source string
	Where  string
	Err    error
}

func (e *SourceError) Error() string {
	if e.Where == "" {
		return "source " + e.Source + ": " + e.Err.Error()
	}
	return "source " + e.Source + " (" + e.Where + "): " + e.Err.Error()
}
func (e *SourceError) Unwrap() error { return e.Err }

// Read extracts the snapshot of one document. A whole CR release yields a
// full snapshot; a rule page yields a partial one that says what it covers.
// Warnings name what was read past: flaws of the official numbering that
// touch no rule a fact comes from, a copy cut short in its glossary.
func Read(doc Document) (*snapshot.Snapshot, []string, error) {
	s, warnings, err := read(doc)
	if err != nil {
		return nil, nil, &SourceError{Source: doc.Source.ID, Where: doc.URL, Err: err}
	}
	for i, w := range warnings {
		warnings[i] = (&SourceError{Source: doc.Source.ID, Where: doc.URL, Err: errors.New(w)}).Error()
	}
	return s, warnings, nil
}

// parsed is a document read into rules, before facts are extracted.
type parsed struct {
	rules     []crtext.Rule
	effective string
	full      bool             // a whole release
	release   *crtext.Document // the release, for the flaws of its numbering
}

// parse reads a document of any rules format into its rules.
func parse(doc Document) (parsed, error) {
	src := doc.Source
	out := parsed{effective: src.Effective}
	switch src.Format {
	case sources.FormatCRText:
		// A release is a megabyte or more: read it in place, keeping only
		// the rules facts come from.
		d, err := crtext.ParseRelease(doc.Data, extract.Needed)
		if err != nil {
			return out, err
		}
		out.rules, out.effective, out.full, out.release = d.Rules, d.Effective, true, d
	case sources.FormatPlain:
		p, err := rulepage.ParsePlain(doc.Data)
		if err != nil {
			return out, err
		}
		if p.Rule != src.Rule {
			return out, fmt.Errorf("page is rule %s, sources.json declares rule %s", p.Rule, src.Rule)
		}
		out.rules = p.Rules
	case sources.FormatHTML:
		p, err := rulepage.ParseHTML(doc.Data, *src.Selectors)
		if err != nil {
			return out, err
		}
		if p.Effective != "" {
			if src.Effective != "" && src.Effective != p.Effective {
				return out, fmt.Errorf("page says effective %s, sources.json declares %s", p.Effective, src.Effective)
			}
			out.effective = p.Effective
		}
		out.rules = p.Rules
	default:
		return out, fmt.Errorf("unknown format %q", src.Format)
	}
	return out, nil
}

func read(doc Document) (*snapshot.Snapshot, []string, error) {
	src := doc.Source
	lang := extract.Lang(src.Lang)
	if src.Format == sources.FormatCurated {
		s, err := readCurated(doc, src.Effective)
		return s, nil, err
	}
	pd, err := parse(doc)
	if err != nil {
		return nil, nil, err
	}
	rules, effective, full, release := pd.rules, pd.effective, pd.full, pd.release
	if effective == "" {
		return nil, nil, fmt.Errorf("no effective date: the document states none and sources.json declares none")
	}
	whole := ""
	if full {
		whole = effective
	}
	facts, err := extract.Extract(lang, rules, whole)
	if err != nil {
		return nil, nil, err
	}
	if !full {
		if src.Rule != "" && !coversRule(facts, src.Rule) {
			return nil, nil, fmt.Errorf("page covers rule %s but no fact was found in it: expected %s", src.Rule, expectedFacts(lang, src.Rule))
		}
	}
	var warnings []string
	if release != nil {
		if warnings, err = releaseWarnings(release, facts); err != nil {
			return nil, nil, err
		}
	}
	s := &snapshot.Snapshot{
		Lang:      src.Lang,
		Effective: effective,
		Sources: []snapshot.Source{{
			ID: src.ID, URL: doc.URL, SHA256: doc.sha256(), Format: src.Format, Effective: effective,
		}},
		Provenance: map[string]snapshot.Provenance{},
	}
	facts.Into(s)
	for _, f := range facts.Covers() {
		s.Provenance[f] = snapshot.Provenance{Source: src.ID, Effective: effective, Rule: facts.FactRule[f], Rules: facts.FactRules[f]}
	}
	finish(s)
	if err := extract.Categories(s); err != nil {
		return nil, nil, &SourceError{Source: src.ID, Where: doc.URL, Err: err}
	}
	return s, warnings, nil
}

// releaseWarnings judges the flaws of a release's numbering: one that
// touches a rule a fact comes from (205.3m printed twice) leaves the fact
// in doubt and is refused; any other is read past, with a warning naming
// its lines.
func releaseWarnings(d *crtext.Document, facts *extract.Facts) ([]string, error) {
	var out []string
	for _, p := range d.Problems {
		for n := range facts.Rules {
			if p.Touches(n) {
				return nil, fmt.Errorf("%v: facts are read from rule %s, so the release cannot be read until the numbering is mended", p, n)
			}
		}
		out = append(out, p.Error()+"; no fact comes from these rules, read on")
	}
	if d.EndsInGlossary {
		out = append(out, fmt.Sprintf("line %d: the document ends inside its glossary, before the credits (a copy cut short); every rule is there, read on", d.LastLine))
	}
	return out, nil
}

func coversRule(f *extract.Facts, rule string) bool {
	for _, name := range f.Covers() {
		fact := snapshot.FactNamed(name)
		if fact.Group != "" {
			fact = snapshot.FactNamed(fact.Group) // the basic land types come with 205.3
		}
		if fact.Rule == rule {
			return true
		}
	}
	return false
}

func expectedFacts(lang extract.Lang, rule string) string {
	var out, rules []string
	for _, f := range snapshot.Registry {
		if f.Group != "" {
			continue
		}
		rules = append(rules, f.Rule)
		if f.Rule == rule {
			out = append(out, extract.Expected(lang, f.Name))
		}
	}
	if len(out) == 0 {
		return "a rule that carries facts: " + strings.Join(rules, ", ")
	}
	return strings.Join(out, "; ")
}

// OtherLanguageHint says, when a document failed in one language, that it
// reads in the other: the usual cause is a wrong -lang.
func OtherLanguageHint(src sources.Source, data []byte) string {
	for _, other := range snapshot.Languages {
		if other == src.Lang {
			continue
		}
		try := src
		try.Lang = other
		if _, _, err := Read(Document{Source: try, Data: data}); err == nil {
			return fmt.Sprintf("\nthis looks like a document in %s: use -lang %s", snapshot.LanguageName(other), other)
		}
	}
	return ""
}
