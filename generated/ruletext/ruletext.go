// Package ruletext is the text of the Magic: The Gathering Comprehensive
// Rules, every rule of every release recorded since 2009-07-11, offline:
// a rule by number (Lookup, or LookupAsOf a date), with its paragraphs,
// examples, title, section and the rules it refers to; a rule's subrules
// (Subrules); a glossary entry (Term); a chapter's or section's title
// (Heading); the contents of a release (Contents); a rule's history
// across its renumberings (Trace); the diff of the whole rules between
// two releases (Compare).
//
// Its data is the rule book the pipeline records (snapshots/rules/), which
// cmd/gen copies here and the package embeds. Nothing is read before the
// first call: a program that imports the other generated packages and
// not this one pays nothing for it, and one that imports it pays at
// start-up only what the Go runtime does for any package. The first call
// reads the book (about 80 ms, 60 MB allocated, kept for the process's
// life); lookups after it allocate nothing.
//
// A release read from rule pages (2026-09-25) holds only the rules of
// its pages: the others are as the release before it printed them, and
// Rule.Release and Rule.Since say which release a text comes from. A
// rule renumbered keeps its identity: Trace follows it, and Compare
// pairs it with its old number.
//
// cmd/gen writes tables.go and the books from the snapshots; this file is
// hand-written.
package ruletext

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// Lang is a language of the rules: "en" or "es" (the Spanish book holds
// the rules of the Spanish rule pages recorded).
type Lang string

const (
	English Lang = "en"
	Spanish Lang = "es"
)

// The rule books, each read on its first use: plain variables, so that
// importing the package does no work at all.
var (
	enOnce, esOnce sync.Once
	enBook, esBook *rulebook.Book
)

func load(lang Lang) *rulebook.Book {
	sub, err := fs.Sub(books, "books/"+string(lang))
	if err != nil {
		panic("ruletext: " + err.Error())
	}
	b, err := rulebook.LoadFS(sub, string(lang))
	if err != nil {
		panic("ruletext: the embedded rule book does not read: " + err.Error())
	}
	return b
}

// Rule is one rule as a release printed it.
type Rule struct {
	Number string // "702.19b"
	// Text is its first paragraph, without the number; More the
	// paragraphs after it, in order: examples ("Example: ...") and
	// paragraphs that continue the rule.
	Text string
	More []string
	// Release is the release asked about; Since the release that first
	// printed this text under this number (Release or older).
	Release, Since string
	// Gap is, for a rule as of a date, the release in force that day
	// that the record does not hold (rules.Gap): the text is Release's,
	// older, and may differ from it. "" when none is known.
	Gap  string
	lang Lang
}

// Title is the name a rule without a letter gives its subrules
// ("Trample" for 702.19), or "".
func (r Rule) Title() string { return rulenum.TitleOf(r.Number, r.Text, len(r.More)) }

// Examples are the rule's example paragraphs ("Example: ..."), in order.
func (r Rule) Examples() []string { return crtext.Para{More: r.More}.Examples() }

// References are the rules, sections and chapters the rule refers to,
// ranges resolved ("rules 601.2f–h" is 601.2f, 601.2g, 601.2h).
func (r Rule) References() []string {
	return rulenum.References(strings.Join(append([]string{r.Text}, r.More...), "\n"))
}

// Section is the title of the rule's section as of its release ("Type
// Line" for 205.3m since 2011-09-30, "Expansion Symbol" before).
func (r Rule) Section() string {
	t, _ := Heading(r.lang, rulebook.SectionOf(r.Number), r.Release)
	return t
}

// Lookup is rule number as the newest recorded release of lang prints
// it. It allocates nothing once the book is read.
func Lookup(lang Lang, number string) (Rule, bool) {
	b := bookOf(lang)
	if b == nil {
		return Rule{}, false
	}
	rel, ok := b.Newest()
	if !ok {
		return Rule{}, false
	}
	return ruleOf(b, lang, number, rel.Date)
}

// LookupAsOf is rule number as the release in force on date (YYYY-MM-DD:
// the newest recorded release on or before it) printed it; false for a
// date before the first release, not a date (rules.IsDate), or a rule
// that release does not print.
func LookupAsOf(lang Lang, number, date string) (Rule, bool) {
	b := bookOf(lang)
	if b == nil || !rules.IsDate(date) {
		return Rule{}, false
	}
	rel, ok := b.ReleaseAsOf(date)
	if !ok {
		return Rule{}, false
	}
	r, ok := ruleOf(b, lang, number, rel.Date)
	if ok && lang == English {
		r.Gap = rules.GapAfter(rel.Date, date)
	}
	return r, ok
}

func ruleOf(b *rulebook.Book, lang Lang, number, release string) (Rule, bool) {
	v, ok := b.Rule(number, release)
	if !ok {
		return Rule{}, false
	}
	return Rule{Number: number, Text: v.Text, More: v.More, Release: release, Since: v.Since, lang: lang}, true
}

func bookOf(lang Lang) *rulebook.Book {
	switch lang {
	case English:
		enOnce.Do(func() { enBook = load(English) })
		return enBook
	case Spanish:
		esOnce.Do(func() { esBook = load(Spanish) })
		return esBook
	}
	return nil
}

// Subrules are the numbers of the rules under number (702.19a, 702.19b
// for 702.19; every rule of 702 for 702) as release prints them, in
// order; release is a date (the release in force that day), "" the newest.
func Subrules(lang Lang, number, release string) []string {
	b := bookOf(lang)
	if b == nil {
		return nil
	}
	if release == "" {
		r, _ := b.Newest()
		release = r.Date
	}
	return b.Subrules(number, release)
}

// Heading is the title of chapter ("7") or section ("702") number as
// release printed it ("" the newest).
func Heading(lang Lang, number, release string) (string, bool) {
	b := bookOf(lang)
	if b == nil {
		return "", false
	}
	if release == "" {
		r, _ := b.Newest()
		release = r.Date
	}
	return b.Heading(number, release)
}

// Entry is a glossary entry: its term and the lines of its definition.
type Entry struct {
	Term       string
	Definition []string
	Release    string
	Since      string
}

// Term is glossary term (any case) as release printed it ("" the
// newest; a date is the release in force that day). It allocates nothing
// once the book is read.
func Term(lang Lang, term, release string) (Entry, bool) {
	b := bookOf(lang)
	if b == nil {
		return Entry{}, false
	}
	if release == "" {
		r, _ := b.Newest()
		release = r.Date
	}
	t := b.Term(term)
	if t == nil {
		return Entry{}, false
	}
	v, ok := rulebook.At(t.Versions, release)
	if !ok {
		return Entry{}, false
	}
	return Entry{Term: t.Term, Definition: v.More, Release: release, Since: v.Since}, true
}

// Release is a recorded release: its date and whether it was read whole
// ("txt") or from rule pages ("pages", holding the rules of Holds).
type Release struct {
	Date, Source string
	Holds        []string
}

// Releases are lang's recorded releases, oldest first.
func Releases(lang Lang) []Release {
	b := bookOf(lang)
	if b == nil {
		return nil
	}
	out := make([]Release, len(b.Releases))
	for i, r := range b.Releases {
		out[i] = Release{Date: r.Date, Source: r.Source, Holds: slices.Clone(r.Holds)}
	}
	return out
}

// Contents are the chapters and sections of release ("" the newest), in
// order, each number and title.
func Contents(lang Lang, release string) [][2]string {
	b := bookOf(lang)
	if b == nil {
		return nil
	}
	if release == "" {
		r, _ := b.Newest()
		release = r.Date
	}
	var out [][2]string
	for _, h := range b.Contents {
		if v, ok := rulebook.At(h.Versions, release); ok {
			out = append(out, [2]string{h.Number, v.Text})
		}
	}
	return out
}

// Step is one release of a rule's trace (rulebook.Step): where it came,
// changed text or number, or went.
type Step = rulebook.Step

// Trace is the history of rule number as the release in force on date
// ("" the newest) numbers it, oldest first, across its renumberings.
func Trace(lang Lang, number, date string) ([]Step, error) {
	b := bookOf(lang)
	if b == nil {
		return nil, fs.ErrNotExist
	}
	r, ok := b.Newest()
	if date != "" {
		r, ok = b.ReleaseAsOf(date)
	}
	if !ok {
		return nil, fmt.Errorf("ruletext: no %s release in force on %q", lang, date)
	}
	return b.Trace(number, r.Date)
}

// Diff is the whole rules of two releases compared (rulebook.DocDiff).
type Diff = rulebook.DocDiff

// Compare is the diff of the whole rules from release from to release to
// (from the older).
func Compare(lang Lang, from, to string) (*Diff, error) {
	b := bookOf(lang)
	if b == nil {
		return nil, fs.ErrNotExist
	}
	return b.Compare(from, to)
}
