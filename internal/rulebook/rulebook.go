// Package rulebook is the record of every rule's text: every rule and
// subrule, the glossary and the contents of every recorded release, each
// text stored once with the release that first printed it, so the record
// grows with what the rules changed, not with the number of releases.
//
// A rule is recorded by its number as a list of versions, oldest first:
// the text the release of Since printed under that number, held until the
// next version (a new text, or Gone: the number no longer printed). The
// glossary is the same by term, the contents by chapter or section number.
// A release read from rule pages holds only the rules of its pages
// (Release.Holds): rules it does not hold keep the text of the releases
// before it.
package rulebook

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// Version is the text one number (or term) held from release Since on.
type Version struct {
	Since string `json:"since"`
	// Gone: from Since on, the release printed nothing under this number.
	Gone bool `json:"gone,omitempty"`
	// Lead is the number as the release misprinted it ("119.1d."), if
	// it did (crtext.Para.Lead).
	Lead string `json:"lead,omitempty"`
	Text string `json:"text,omitempty"`
	// More are the paragraphs after the first: examples ("Example: ...")
	// and paragraphs that continue the rule, in the order printed.
	More []string `json:"more,omitempty"`
	// Also are the rules printed again under the same number, after this
	// one (a flaw of the numbering: 702.30d in 2009-09-04).
	Also []Printing `json:"also,omitempty"`
}

// Printing is one rule as printed: its first paragraph and those after.
type Printing struct {
	Lead string   `json:"lead,omitempty"`
	Text string   `json:"text"`
	More []string `json:"more,omitempty"`
}

// Rule is the history of one rule number.
type Rule struct {
	Number   string    `json:"number"`
	Versions []Version `json:"versions"`
}

// Term is the history of one glossary term: each version's More is the
// definition's lines (Text is unused).
type Term struct {
	Term     string    `json:"term"`
	Versions []Version `json:"versions"`
}

// Release is one recorded release, what it was read from and what it
// held.
type Release struct {
	Date string `json:"date"`
	// Source is "txt" for the official text, read whole, or "pages" for
	// rule pages, which hold the rules of Holds and their subrules.
	Source string   `json:"source"`
	Holds  []string `json:"holds,omitempty"`
	// The counts of what the release printed: rules (a number printed
	// twice counted twice), examples, glossary entries.
	Rules    int `json:"rules"`
	Examples int `json:"examples"`
	Glossary int `json:"glossary"`
	// Quirks are the flaws of the release read past, each naming its
	// line and rule.
	Quirks []string `json:"quirks,omitempty"`
	// EndsInGlossary: the copy recorded stops inside its glossary; the
	// entries after its last are unknown, not gone.
	EndsInGlossary bool `json:"ends_in_glossary,omitempty"`
	// Amended are the pairs of its rules with those of the release before
	// it that a maintainer set (scrape pair): From of the release before
	// is To of this one ("" To: it is not in this one; "" From: To is
	// new). They hold over what the rules' words say every time the
	// pairing is computed (Book.Pairing); the rest of the pairing is
	// derived from the texts, never stored.
	Amended []Move `json:"amended,omitempty"`
	// ReadFrom is the sha256 of the official text an amendment recorded
	// the release from (scrape import -amend): the record no longer
	// prints what the copy its snapshot names prints, on purpose.
	ReadFrom string `json:"read_from,omitempty"`
}

// Pairing is how the rules of a release are the rules of the release
// before it, read by what they say and where they stand (diff.
// CompareRelease), with the pairs amended by hand (Release.Amended)
// holding over it; and its headings, the same way.
type Pairing struct {
	// Moves are the rules that changed number: From in the release
	// before, To in this one.
	Moves []Move
	// Reused are the numbers both releases print that are not the same
	// rule: the rule of the release before is gone or moved, another
	// took its number.
	Reused []string
	// Splits are the new rules (To) made of part of a rule (From);
	// Merges the rules (From) whose text went into another (To).
	Splits []Move
	Merges []Move
	// HeadingMoves and HeadingsReused pair the chapters and sections the
	// same way, by their titles and the rules under them (a section 722
	// inserted: 722–732 moved to 723–733).
	HeadingMoves   []Move
	HeadingsReused []string
	// TermMoves and TermsReused pair the glossary's terms by their
	// definitions: a term renamed is a move.
	TermMoves   []Move
	TermsReused []string
}

// Move is a rule's number in the release before (From) and in the
// release (To).
type Move struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Book is the record of one language.
type Book struct {
	Lang     string
	Releases []Release
	Contents []Rule // chapters and sections by number; Text is the title
	Rules    []Rule // in the rules' order
	Glossary []Term // in alphabetical order, as the glossary

	// Indexes, built again by every change (and on first use in a book
	// made otherwise), so that a book read by many goroutines is only
	// read: the index of each rule by number, the releases' dates. Each
	// release's pairing is computed on first use, once (a slot each).
	ruleIndex map[string]int
	pairings  []pairingSlot
	dates     []string // the releases' dates
}

// changed drops the indexes of the book as it was.
func (b *Book) changed() { b.ruleIndex, b.pairings, b.dates = nil, nil, nil }

// reindex builds the book's indexes, and the slots of the pairings.
func (b *Book) reindex() {
	b.changed()
	b.History("")
	b.pairings = make([]pairingSlot, len(b.Releases))
	b.releaseDates()
}

// releaseDates are the releases' dates, oldest first.
func (b *Book) releaseDates() []string {
	if b.dates == nil {
		b.dates = make([]string, len(b.Releases))
		for i, r := range b.Releases {
			b.dates[i] = r.Date
		}
	}
	return b.dates
}

// Add records a release read whole from the official text: a release
// not recorded yet, wherever it falls in the history, or one recorded
// (from rule pages, or amended), whose record it replaces.
func (b *Book) Add(w *crtext.Whole) error {
	defer b.reindex()
	rel := Release{Date: w.Effective, Source: "txt", Rules: len(w.Rules), Glossary: len(w.Glossary), EndsInGlossary: w.EndsInGlossary}
	for _, p := range w.Problems {
		rel.Quirks = append(rel.Quirks, p.Error())
	}
	rel.Quirks = append(rel.Quirks, w.Warnings...)
	rules := map[string]Version{}
	for _, r := range w.Rules {
		rel.Examples += len(r.Examples())
		if v, ok := rules[r.Number]; ok {
			v.Also = append(v.Also, Printing{Lead: r.Lead, Text: r.Text, More: r.More})
			rules[r.Number] = v
			continue
		}
		rules[r.Number] = Version{Lead: r.Lead, Text: r.Text, More: r.More}
	}
	contents := map[string]Version{}
	for _, h := range w.Contents {
		if _, ok := contents[h.Number]; !ok {
			contents[h.Number] = Version{Text: h.Title}
		}
	}
	terms := map[string]Version{}
	for _, e := range w.Glossary {
		if _, ok := terms[e.Term]; ok {
			rel.Quirks = append(rel.Quirks, fmt.Sprintf("line %d: glossary term %q printed twice: the first kept", e.Line, e.Term))
			continue
		}
		terms[e.Term] = Version{More: e.Definition}
	}
	// A copy cut short in its glossary leaves the terms after its last
	// unknown, not gone.
	last := ""
	if len(w.Glossary) > 0 {
		last = w.Glossary[len(w.Glossary)-1].Term
	}
	termInScope := func(term string) bool { return !w.EndsInGlossary || compareTerms(term, last) <= 0 }

	// A text whose contents leave out sections the release before it
	// listed holds only the sections it lists (a rendering of part of
	// the rules): the others, and the glossary but for the terms it
	// prints, keep the text the release before gave them. No section has
	// ever left the rules (2009 to 2026); a release whose rules drop one
	// says so here, and the record keeps the section until amended.
	ruleInScope, headingInScope := everything, everything
	if missing := b.sectionsMissing(w); len(missing) > 0 {
		for _, h := range w.Contents {
			if len(h.Number) == 3 {
				rel.Holds = append(rel.Holds, h.Number)
			}
		}
		slices.SortFunc(rel.Holds, CompareNumbers)
		rel.Quirks = append(rel.Quirks, fmt.Sprintf("the contents do not list sections %s, which the release before listed: their rules are kept as the release before printed them", strings.Join(missing, ", ")))
		ruleInScope = func(n string) bool { return heldBy(n, rel.Holds) }
		headingInScope = func(n string) bool { return slices.Contains(rel.Holds, n) || len(n) == 1 && contents[n].Text != "" }
		termInScope = nothing
	}

	p := b.place(rel)
	b.Rules = restate(b.Rules, b.followers(p, true), rules, ruleInScope, CompareNumbers)
	b.Contents = restate(b.Contents, b.followers(p, false), contents, headingInScope, CompareNumbers)
	b.restateGlossary(b.followers(p, false), terms, termInScope)
	return nil
}

// sectionsMissing are the sections the release before w's (by date)
// lists in its contents and w's contents do not.
func (b *Book) sectionsMissing(w *crtext.Whole) []string {
	i, _ := slices.BinarySearch(b.releaseDates(), w.Effective)
	if i == 0 {
		return nil
	}
	listed := map[string]bool{}
	for _, h := range w.Contents {
		listed[h.Number] = true
	}
	var missing []string
	for _, h := range b.Contents {
		if _, ok := At(h.Versions, b.Releases[i-1].Date); ok && len(h.Number) == 3 && !listed[h.Number] {
			missing = append(missing, h.Number)
		}
	}
	return missing
}

func everything(string) bool { return true }

// AddPages records a release read from rule pages, as Add does: the
// rules of each page (its rule and subrules). A subrule of a page's rule
// the record has and the page does not print is gone; every other rule
// keeps its text.
func (b *Book) AddPages(date string, pages []Page) error {
	defer b.reindex()
	rel := Release{Date: date, Source: "pages"}
	rules := map[string]Version{}
	for _, pg := range pages {
		rel.Holds = append(rel.Holds, pg.Rule)
		for _, r := range pg.Rules {
			if _, ok := rules[r.Number]; ok {
				return fmt.Errorf("release %s: rule %s is on two pages", date, r.Number)
			}
			rel.Rules++
			rel.Examples += len(r.Examples())
			rules[r.Number] = Version{Lead: r.Lead, Text: r.Text, More: r.More}
		}
	}
	slices.Sort(rel.Holds)
	p := b.place(rel)
	b.Rules = restate(b.Rules, p, rules, func(n string) bool { return heldBy(n, rel.Holds) }, CompareNumbers)
	// The contents and the glossary: as the release before it.
	b.Contents = restate(b.Contents, p, nil, nothing, CompareNumbers)
	b.restateGlossary(p, nil, nothing)
	return nil
}

func nothing(string) bool { return false }

// restateGlossary is restate of the glossary's terms.
func (b *Book) restateGlossary(p placement, terms map[string]Version, inScope func(string) bool) {
	glossary := make([]Rule, len(b.Glossary))
	for j, t := range b.Glossary {
		glossary[j] = Rule{Number: t.Term, Versions: t.Versions}
	}
	glossary = restate(glossary, p, terms, inScope, compareTerms)
	b.Glossary = b.Glossary[:0]
	for _, t := range glossary {
		b.Glossary = append(b.Glossary, Term{Term: t.Number, Versions: t.Versions})
	}
}

// Page is the rules one rule page printed: its rule and its subrules.
type Page struct {
	Rule  string
	Rules []crtext.Para
}

// placement is where a release goes among the recorded: the dates
// before and after, its index, and whether it replaced one of its date.
type placement struct {
	old, new []string
	at       int
	replaced bool
	// follows reports whether release j of new, after a release read
	// again (an amendment), takes rule n from the release before it: a
	// release recorded from rule pages that do not hold n. Nil: none does.
	follows func(j int, n string) bool
}

// place puts rel among the releases, in date order, replacing a release
// of its date.
func (b *Book) place(rel Release) placement {
	var p placement
	for _, r := range b.Releases {
		p.old = append(p.old, r.Date)
	}
	p.at, p.replaced = slices.BinarySearchFunc(b.Releases, rel.Date, func(r Release, d string) int { return strings.Compare(r.Date, d) })
	if p.replaced {
		rel.Amended = b.Releases[p.at].Amended // a release read again keeps the pairs set by hand
		b.Releases[p.at] = rel
	} else {
		b.Releases = slices.Insert(b.Releases, p.at, rel)
	}
	for _, r := range b.Releases {
		p.new = append(p.new, r.Date)
	}
	return p
}

// heldBy reports whether rule n is one of the rules of held or their
// subrules.
func heldBy(n string, held []string) bool {
	for _, h := range held {
		if n == h || rulenum.Under(n, h) {
			return true
		}
	}
	return false
}

// restate records in history the release p places: each number printed
// holds its text there, each number in scope not printed is gone, every
// other keeps the text it had in the release before. The releases after
// keep what they held. Each history is expanded to what it held in every
// release, changed, and written again as the versions where that
// changed.
func restate(history []Rule, p placement, printed map[string]Version, inScope func(string) bool, compare func(a, b string) int) []Rule {
	seen := make(map[string]bool, len(history))
	out := history[:0]
	for _, h := range history {
		seen[h.Number] = true
		states := expand(h.Versions, p.old)
		var cur *Version
		if p.at > 0 {
			cur = states[p.at-1]
		}
		if v, ok := printed[h.Number]; ok {
			cur = &v
		} else if inScope(h.Number) {
			cur = nil
		}
		if p.replaced {
			was := states[p.at]
			states[p.at] = cur
			// A release of rule pages after it that took the rule from it
			// takes it again (the correction holds there too).
			for j := p.at + 1; p.follows != nil && j < len(states) && p.follows(j, h.Number) && sameState(states[j], was); j++ {
				states[j] = cur
			}
		} else {
			states = slices.Insert(states, p.at, cur)
		}
		if h.Versions = compress(states, p.new); len(h.Versions) > 0 {
			out = append(out, h)
		}
	}
	for n, v := range printed {
		if !seen[n] {
			states := make([]*Version, len(p.new))
			states[p.at] = &v
			for j := p.at + 1; p.follows != nil && j < len(states) && p.follows(j, n); j++ {
				states[j] = &v
			}
			out = append(out, Rule{Number: n, Versions: compress(states, p.new)})
		}
	}
	slices.SortFunc(out, func(x, y Rule) int { return compare(x.Number, y.Number) })
	return out
}

// sameState reports whether two releases held the same of a history:
// nothing in both, or the same version.
func sameState(a, b *Version) bool {
	return a == nil && b == nil || a != nil && b != nil && sameVersion(*a, *b)
}

// expand is what a history held in each release of dates: its version,
// or nil where it held nothing.
func expand(versions []Version, dates []string) []*Version {
	states := make([]*Version, len(dates))
	j := -1
	for i, d := range dates {
		for j+1 < len(versions) && versions[j+1].Since <= d {
			j++
		}
		if j >= 0 && !versions[j].Gone {
			states[i] = &versions[j]
		}
	}
	return states
}

// compress is the versions of a history that held states in the
// releases of dates: one where what it held changed.
func compress(states []*Version, dates []string) []Version {
	var vs []Version
	var prev *Version
	for i, s := range states {
		switch {
		case s == nil && prev != nil:
			vs = append(vs, Version{Since: dates[i], Gone: true})
		case s != nil && (prev == nil || !sameVersion(*prev, *s)):
			v := *s
			v.Since, v.Gone = dates[i], false
			vs = append(vs, v)
		}
		prev = s
	}
	return vs
}

func sameVersion(a, b Version) bool {
	return a.Lead == b.Lead && a.Text == b.Text && slices.Equal(a.More, b.More) && slices.EqualFunc(a.Also, b.Also, func(x, y Printing) bool {
		return x.Lead == y.Lead && x.Text == y.Text && slices.Equal(x.More, y.More)
	})
}

// CompareNumbers orders rule numbers as the rules do (rulenum.Compare).
func CompareNumbers(a, b string) int { return rulenum.Compare(a, b) }

// compareTerms orders glossary terms as the glossary does: letters
// without regard to case.
func compareTerms(a, b string) int {
	if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// PageRules are the rules of a rule page as Paras: a page prints a
// rule's examples after its text ("... Example: ..."), which are split
// off as the official text prints them, a paragraph each.
func PageRules(rules []crtext.Rule) []crtext.Para {
	out := make([]crtext.Para, len(rules))
	for i, r := range rules {
		text, more := r.Text, []string(nil)
		for {
			j := max(strings.LastIndex(text, " Example:"), strings.LastIndex(text, " Ejemplo:"))
			if j < 0 {
				break
			}
			more = append([]string{strings.TrimSpace(text[j+1:])}, more...)
			text = strings.TrimSpace(text[:j])
		}
		out[i] = crtext.Para{Number: r.Number, Text: text, More: more, Line: r.Line}
	}
	return out
}

// Differences are how the record of w's release differs from what w
// prints (at most max, each naming the rule or term), nil when it gives
// every rule and glossary entry back as printed. Of a release recorded
// from rule pages, only the rules of its pages are compared.
func (b *Book) Differences(w *crtext.Whole, max int) []string {
	var out []string
	add := func(format string, args ...any) {
		if len(out) < max {
			out = append(out, fmt.Sprintf(format, args...))
		}
	}
	date := w.Effective
	rel, ok := b.ReleaseAsOf(date)
	if !ok || rel.Date != date {
		return []string{"release " + date + " is not recorded"}
	}
	inScope := everything
	if len(rel.Holds) > 0 {
		inScope = func(n string) bool { return heldBy(n, rel.Holds) }
	}
	printed := map[string]Version{}
	for _, r := range w.Rules {
		if v, ok := printed[r.Number]; ok {
			v.Also = append(v.Also, Printing{Lead: r.Lead, Text: r.Text, More: r.More})
			printed[r.Number] = v
			continue
		}
		printed[r.Number] = Version{Lead: r.Lead, Text: r.Text, More: r.More}
	}
	for _, r := range w.Rules {
		p, ok := printed[r.Number]
		if !ok || !inScope(r.Number) {
			continue
		}
		delete(printed, r.Number) // a repeat is compared with its first
		v, recorded := b.Rule(r.Number, date)
		switch {
		case !recorded:
			add("rule %s: printed, not in the record of %s", r.Number, date)
		case !sameVersion(v, p):
			add("rule %s: the record of %s says %q, the release prints %q", r.Number, date, crtext.Abbreviate(v.Text), crtext.Abbreviate(p.Text))
		}
	}
	seen := map[string]bool{}
	for _, r := range w.Rules {
		seen[r.Number] = true
	}
	for _, h := range b.Rules {
		if _, ok := At(h.Versions, date); ok && !seen[h.Number] && inScope(h.Number) {
			add("rule %s: in the record of %s, not printed", h.Number, date)
		}
	}
	if rel.Source == "pages" {
		return out // no glossary: the one of the release before
	}
	for _, e := range w.Glossary {
		t := b.Term(e.Term)
		if t == nil {
			add("glossary term %q: printed, not in the record of %s", e.Term, date)
			continue
		}
		if v, ok := At(t.Versions, date); !ok || !slices.Equal(v.More, e.Definition) {
			add("glossary term %q: the record of %s differs from the release", e.Term, date)
		}
	}
	return out
}

// ReadsTheSame is Differences (at most 5), and whether w would change
// nothing: it says what the record says, and the record holds as much of
// it (a release recorded from pages, or from a text of some sections,
// is completed by a text of them all).
func (b *Book) ReadsTheSame(w *crtext.Whole) (diffs []string, same bool) {
	diffs = b.Differences(w, 5)
	rel, _ := b.ReleaseAsOf(w.Effective)
	return diffs, len(diffs) == 0 && rel.Source == "txt" && (len(rel.Holds) == 0 || len(b.sectionsMissing(w)) > 0)
}

// PagesDifferences are how the record of release date differs from what
// its rule pages print, as Differences.
func (b *Book) PagesDifferences(date string, pages []Page, max int) []string {
	var out []string
	for _, pg := range pages {
		for _, r := range pg.Rules {
			v, ok := b.Rule(r.Number, date)
			if (!ok || !sameVersion(v, Version{Lead: r.Lead, Text: r.Text, More: r.More})) && len(out) < max {
				out = append(out, fmt.Sprintf("rule %s (page %s): the record of %s says %q, the page prints %q", r.Number, pg.Rule, date, crtext.Abbreviate(v.Text), crtext.Abbreviate(r.Text)))
			}
		}
	}
	return out
}
