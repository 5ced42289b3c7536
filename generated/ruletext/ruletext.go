// Package ruletext is the text of the Magic: The Gathering Comprehensive
// Rules, offline: every rule, example, heading and glossary entry of
// every release recorded since 2009-07-11 in English, and of the Spanish
// rule pages recorded.
//
// A language (English, Spanish) gives its releases and an Edition: the
// rules as one release printed them, the newest (Newest) or the one in
// force on a date (AsOf). An Edition looks up a rule, subrule, section
// or chapter by number (Lookup, Children, Subrules, Heading, Contents),
// a glossary entry forgiving case, punctuation, plurals and near misses
// (Term, Terms), and searches the text with its context (Search). A rule
// renumbered keeps its identity: Trace follows it back to where it came
// and on to where it went, and Compare diffs the whole rules of any two
// dates, rules paired across their renumberings, word by word.
//
// Dates are written YYYY-MM-DD and mean the release in force that day
// (the newest recorded on or before it); "" means the newest. Every
// function that takes a date refuses alike what is not one and a date
// before the first release (*DateError).
//
// A release read from rule pages (Release.Source RulePages) printed only
// the rules of its pages: its other rules are as the release before it
// printed them, and Rule.Printed names the release whose printing a text
// is, where Rule.Release is the release asked about.
//
// The books are the ones cmd/gen lays out from snapshots/rules/ in a
// compact form (internal/bookfile) and the package embeds: importing it
// costs nothing, a first lookup reads the one chunk of text it needs
// (under a millisecond and about 100 kB), and lookups after it allocate
// nothing. Nothing returned shares memory a caller could change.
// tables.go is generated; this file is hand-written.
package ruletext

import (
	"slices"
	"strings"
	"sync"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/bookfile"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// Lang is a language of the rules.
type Lang string

const (
	English Lang = "en"
	// Spanish holds the rules of the Spanish rule pages recorded.
	Spanish Lang = "es"
)

// Langs are the languages of the rule books, English first.
func Langs() []Lang { return []Lang{English, Spanish} }

var (
	enOnce, esOnce sync.Once
	enFile, esFile *bookfile.File
)

// file is lang's book, opened on first use; nil for a language without
// one.
func (l Lang) file() *bookfile.File {
	open := func(data string) *bookfile.File {
		f, err := bookfile.Open(data)
		if err != nil {
			panic("ruletext: the embedded rule book of " + string(l) + " does not read: " + err.Error())
		}
		return f
	}
	switch l {
	case English:
		enOnce.Do(func() { enFile = open(englishBook) })
		return enFile
	case Spanish:
		esOnce.Do(func() { esFile = open(spanishBook) })
		return esFile
	}
	return nil
}

// must is text read from the embedded book, whose every chunk the
// package's tests read: an error is a corrupt build.
func must(s string, err error) string {
	if err != nil {
		panic("ruletext: " + err.Error())
	}
	return s
}

// Source says what a release was recorded from.
type Source string

const (
	// OfficialText: the official TXT, read whole (or, with Holds, a text
	// of some sections).
	OfficialText Source = "txt"
	// RulePages: rule pages, which print the rules of Holds and their
	// subrules only.
	RulePages Source = "pages"
)

// Release is one recorded release.
type Release struct {
	Date   string `json:"date"` // effective date, YYYY-MM-DD
	Source Source `json:"source"`
	// Holds are the rules (or sections) a release of some rules only
	// printed; nil for a release read whole.
	Holds []string `json:"holds,omitempty"`
	// Quirks are the flaws of the release read past, each naming its line
	// and rule ("line 1432: rule 119.1d printed \"119.1d.\": read as
	// 119.1d").
	Quirks []string `json:"quirks,omitempty"`
	// What it printed: rules (a number printed twice counted twice),
	// examples, glossary entries.
	Rules    int `json:"rules"`
	Examples int `json:"examples"`
	Glossary int `json:"glossary"`
}

func releaseOf(f *bookfile.File, i int) Release {
	r := f.Release(i)
	return Release{Date: r.Date, Source: Source(r.Source), Holds: r.Holds, Quirks: r.Quirks, Rules: r.Rules, Examples: r.Examples, Glossary: r.Glossary}
}

// Releases are the language's recorded releases, oldest first.
func (l Lang) Releases() []Release {
	f := l.file()
	if f == nil {
		return nil
	}
	out := make([]Release, f.Releases())
	for i := range out {
		out[i] = releaseOf(f, i)
	}
	return out
}

// DateError is a date a function cannot answer for: not a date of the
// calendar written YYYY-MM-DD, or one before the first recorded release.
type DateError struct {
	Lang Lang
	Date string // as given
	// First is the first recorded release of Lang ("" when Date is no
	// date).
	First string
}

func (e *DateError) Error() string {
	if err := rules.CheckDate(e.Date); err != nil {
		return "ruletext: " + err.Error()
	}
	if e.First == "" {
		return "ruletext: no rule book of " + string(e.Lang)
	}
	return "ruletext: no release of the " + string(e.Lang) + " rules was in force on " + e.Date + ": the first recorded is " + e.First
}

// Edition is the rules as one recorded release printed them: the newest,
// or the one in force on a date. Its zero value holds nothing.
type Edition struct {
	lang  Lang
	f     *bookfile.File
	i     int
	asked string // the date asked, "" for the newest
}

// Newest is the newest recorded release's edition (an empty Edition for a
// language without a book).
func (l Lang) Newest() Edition {
	f := l.file()
	if f == nil || f.Releases() == 0 {
		return Edition{}
	}
	return Edition{lang: l, f: f, i: f.Releases() - 1}
}

// AsOf is the edition in force on date (YYYY-MM-DD): the newest release
// recorded on or before it; "" is the newest. It refuses a string that is
// no date and a date before the first release (*DateError).
func (l Lang) AsOf(date string) (Edition, error) {
	if date == "" {
		if e := l.Newest(); e.f != nil {
			return e, nil
		}
		return Edition{}, &DateError{Lang: l, Date: date}
	}
	f := l.file()
	if !rules.IsDate(date) || f == nil || f.Releases() == 0 {
		return Edition{}, &DateError{Lang: l, Date: date}
	}
	i, ok := f.AsOf(date)
	if !ok {
		return Edition{}, &DateError{Lang: l, Date: date, First: f.Date(0)}
	}
	return Edition{lang: l, f: f, i: i, asked: date}, nil
}

// Lang is the edition's language.
func (e Edition) Lang() Lang { return e.lang }

// Date is the effective date of the edition's release ("" for the zero
// Edition).
func (e Edition) Date() string {
	if e.f == nil {
		return ""
	}
	return e.f.Date(e.i)
}

// Release is the edition's release.
func (e Edition) Release() Release {
	if e.f == nil {
		return Release{}
	}
	return releaseOf(e.f, e.i)
}

// Asked is the date the edition was asked for (AsOf), "" for Newest.
func (e Edition) Asked() string { return e.asked }

// Gap is, for an English edition asked as of a date, a release known to
// have been in force that day that the record does not hold (rules.Gap):
// the edition's text is of the release before it, older, and may differ.
// "" when none is known.
func (e Edition) Gap() string {
	if e.lang != English || e.asked == "" || e.f == nil {
		return ""
	}
	return rules.GapAfter(e.Date(), e.asked)
}

// Kind is what a number names.
type Kind uint8

const (
	Chapter  Kind = Kind(rulenum.Chapter) // "7"
	Section  Kind = Kind(rulenum.Section) // "702"
	Numbered Kind = Kind(rulenum.Rule)    // "702.19"
	Subrule  Kind = Kind(rulenum.Subrule) // "702.19b"
)

// Rule is one rule (or section, or chapter) as an edition prints it. It
// is a value: nothing in it is shared with the book or another Rule.
type Rule struct {
	Number string
	// Text is its first paragraph, without the number; a section's or
	// chapter's title.
	Text string
	// Release is the release of the edition asked about; Printed the
	// release whose printing Text is (Release, or for a release of some
	// rules only the newest before it that printed this rule); Since the
	// first release that printed this text under this number.
	Release, Printed, Since string

	kind Kind
	v    bookfile.Version
	e    Edition
}

// Kind is what the rule's number names.
func (r Rule) Kind() Kind { return r.kind }

// Lookup is rule number (702.19b, 702.19, a section 702 or a chapter 7)
// as the edition prints it; false when it prints no such number. It
// allocates nothing once the text it reads has been read.
func (e Edition) Lookup(number string) (Rule, bool) {
	if e.f == nil {
		return Rule{}, false
	}
	kind := Kind(rulenum.KindOf(number))
	switch kind {
	case Chapter, Section:
		h, ok := e.f.Find(bookfile.Contents, number)
		if !ok {
			return Rule{}, false
		}
		v, ok := e.f.At(bookfile.Contents, h, e.i)
		if !ok {
			return Rule{}, false
		}
		return Rule{Number: e.f.Key(bookfile.Contents, h), Text: must(v.Para(0)), Release: e.f.Date(e.i),
			Printed: e.f.Date(e.i), Since: e.f.Date(v.Since()), kind: kind, v: v, e: e}, true
	case Numbered, Subrule:
		h, ok := e.f.Find(bookfile.Rules, number)
		if !ok {
			return Rule{}, false
		}
		v, ok := e.f.At(bookfile.Rules, h, e.i)
		if !ok {
			return Rule{}, false
		}
		n := e.f.Key(bookfile.Rules, h)
		return Rule{Number: n, Text: must(v.Para(0)), Release: e.f.Date(e.i),
			Printed: e.f.Date(e.f.PrintedBy(n, e.i)), Since: e.f.Date(v.Since()), kind: kind, v: v, e: e}, true
	}
	return Rule{}, false
}

// More are the paragraphs after the first, in order: examples
// ("Example: ...") and paragraphs that continue the rule. A new slice
// each call.
func (r Rule) More() []string {
	if r.e.f == nil || r.kind == Chapter || r.kind == Section {
		return nil
	}
	var out []string
	for k := 1; k < r.v.Paras(); k++ {
		out = append(out, must(r.v.Para(k)))
	}
	return out
}

// Again are the paragraphs of the rules the release printed again under
// the same number, a flaw of its numbering (702.30d in 2009-09-04); nil
// for nearly every rule. A new slice each call.
func (r Rule) Again() []string {
	if r.e.f == nil || r.kind == Chapter || r.kind == Section {
		return nil
	}
	var out []string
	for j := range r.v.Also() {
		_, paras, err := r.v.AlsoPrinting(j)
		must("", err)
		out = append(out, paras...)
	}
	return out
}

// Examples are the rule's example paragraphs, in order.
func (r Rule) Examples() []string {
	return slices.DeleteFunc(r.More(), func(p string) bool { return !rulenum.IsExample(p) })
}

// Lead is the rule's number as the release misprinted it ("119.1d."),
// or "" when it printed it as the rules do.
func (r Rule) Lead() string {
	if r.e.f == nil || r.kind == Chapter || r.kind == Section {
		return ""
	}
	return r.v.Lead()
}

// Title is the name a rule without a letter gives its subrules
// ("Trample" for 702.19), a section's or chapter's title, or "".
func (r Rule) Title() string {
	if r.kind == Chapter || r.kind == Section {
		return r.Text
	}
	if r.e.f == nil {
		return ""
	}
	return rulenum.TitleOf(r.Number, r.Text, r.v.Paras()-1+r.v.Also())
}

// Section is the title of the rule's section in its edition ("Type
// Line" for 205.3m since 2011-09-30), or "" where the book has no
// contents (the Spanish rule pages).
func (r Rule) Section() string {
	t, _ := r.e.Heading(rulenum.SectionOf(r.Number))
	return t
}

// References are the rules, sections and chapters the rule refers to,
// ranges resolved ("rules 601.2f–h" is 601.2f, 601.2g, 601.2h).
func (r Rule) References() []string {
	return rulenum.References(strings.Join(append([]string{r.Text}, r.More()...), "\n"))
}

// Children are the numbers directly under number in the edition: the
// rules of section 702, the subrules of 702.19, the sections of chapter 7.
func (e Edition) Children(number string) []string {
	if e.f == nil {
		return nil
	}
	if Kind(rulenum.KindOf(number)) == Chapter {
		var out []string
		for _, h := range e.Contents() {
			if rulenum.IsChild(h.Number, number) {
				out = append(out, h.Number)
			}
		}
		return out
	}
	return e.f.Under(number, e.i, true)
}

// Numbers are every rule and subrule the edition prints, in order.
func (e Edition) Numbers() []string {
	if e.f == nil {
		return nil
	}
	hs := e.f.Numbers(e.i)
	out := make([]string, len(hs))
	for k, h := range hs {
		out[k] = e.f.Key(bookfile.Rules, h)
	}
	return out
}

// Subrules are every rule under number in the edition, in order: 702.19a,
// 702.19b for 702.19; every rule and subrule of 702 for 702.
func (e Edition) Subrules(number string) []string {
	if e.f == nil {
		return nil
	}
	return e.f.Under(number, e.i, false)
}

// Heading is the title of chapter ("7") or section ("702") number in the
// edition.
func (e Edition) Heading(number string) (string, bool) {
	if e.f == nil {
		return "", false
	}
	t, ok := e.f.Heading(number, e.i)
	return t, ok
}

// Heading is one chapter or section of the contents.
type Heading struct {
	Number string `json:"number"`
	Title  string `json:"title"`
}

// Contents are the edition's chapters and sections, in order.
func (e Edition) Contents() []Heading {
	if e.f == nil {
		return nil
	}
	var out []Heading
	for h := range e.f.Len(bookfile.Contents) {
		if v, ok := e.f.At(bookfile.Contents, h, e.i); ok {
			out = append(out, Heading{Number: e.f.Key(bookfile.Contents, h), Title: must(v.Para(0))})
		}
	}
	return out
}
