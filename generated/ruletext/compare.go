package ruletext

import (
	"fmt"

	"github.com/mtgrules/crgen/internal/bookfile"
	"github.com/mtgrules/crgen/internal/worddiff"
)

// Op is what a span of a word diff does with its words.
type Op string

const (
	Equal  Op = "=" // in both texts
	Insert Op = "+" // only in the newer
	Delete Op = "-" // only in the older
)

// Span is a run of words a diff keeps, inserts or deletes: the older
// text is the Equal and Delete spans joined, the newer the Equal and
// Insert spans.
type Span struct {
	Op   Op     `json:"op"`
	Text string `json:"text"`
}

func spansOf(ws []worddiff.Span) []Span {
	if ws == nil {
		return nil
	}
	out := make([]Span, len(ws))
	for i, s := range ws {
		out[i] = Span{Op: Op(s.Op.String()), Text: s.Text}
	}
	return out
}

// Status is what happened to a rule (a term, a heading) between two
// releases.
type Status string

const (
	Added      Status = "added"
	Removed    Status = "removed"
	Changed    Status = "changed"    // reworded under its number
	Renumbered Status = "renumbered" // under a new number (Change.Text says how its text changed)
	Typography Status = "typography" // only quotes, apostrophes, dashes or spaces changed
	Reference  Status = "reference"  // only the numbers of the rules it cites changed
	Split      Status = "split"      // a new rule made of part of OldNumber
	Merged     Status = "merged"     // OldNumber's text went into Number
)

// Change is one rule (term, heading) whose number or text changed.
type Change struct {
	Number string `json:"number"`
	// OldNumber is its number (term) in the older release, when it
	// changed; the rule it was split off, or merged into Number.
	OldNumber string `json:"old_number,omitempty"`
	Status    Status `json:"status"`
	// Text says, for a renumbered rule, how its text changed: "same",
	// "typography", "reference", or "" when its words changed.
	Text string `json:"text,omitempty"`
	Diff []Span `json:"diff"`
}

func changesOf(cs []bookfile.Change) []Change {
	out := make([]Change, len(cs))
	for i, c := range cs {
		out[i] = Change{Number: c.Number, OldNumber: c.OldNumber, Status: Status(c.Status), Text: c.Text, Diff: spansOf(c.Diff)}
	}
	return out
}

// Diff is everything that changed in the rules between two releases.
type Diff struct {
	Lang Lang `json:"lang"`
	// From and To are the releases compared: those in force on the dates
	// asked.
	From string `json:"from"`
	To   string `json:"to"`
	// The rules (followed through every renumbering between), the
	// glossary (a term renamed is renumbered from its old term) and the
	// contents (a section renumbered, a title changed).
	Rules    []Change `json:"rules"`
	Glossary []Change `json:"glossary"`
	Contents []Change `json:"contents"`
	// Partial names the releases between From and To (both included)
	// that printed only some rules: their other rules are those of the
	// release before them.
	Partial []string `json:"partial,omitempty"`
	// Quirks say the flaws of From and To behind the changes: a number
	// printed twice (702.30d in 2009-09-04), whose printings are compared
	// as one rule.
	Quirks []string `json:"quirks,omitempty"`
}

// Compare is the diff of the whole rules from the release in force on
// date from to the one in force on date to ("" the newest), the older
// first: it refuses dates Lang.AsOf refuses, and a from later than to.
func (l Lang) Compare(from, to string) (*Diff, error) {
	a, err := l.AsOf(from)
	if err != nil {
		return nil, err
	}
	b, err := l.AsOf(to)
	if err != nil {
		return nil, err
	}
	if a.i > b.i {
		return nil, fmt.Errorf("ruletext: %s (in force on %s) is newer than %s (in force on %s): compare the older with the newer", a.Date(), dateOr(from), b.Date(), dateOr(to))
	}
	d, err := a.f.Compare(a.i, b.i)
	if err != nil {
		return nil, err
	}
	return &Diff{Lang: l, From: d.From, To: d.To, Rules: changesOf(d.Rules), Glossary: changesOf(d.Glossary), Contents: changesOf(d.Contents), Partial: d.Partial, Quirks: d.Quirks}, nil
}

func dateOr(d string) string {
	if d == "" {
		return "the newest"
	}
	return d
}

// Event is what a release did to a traced rule: First (the oldest
// recorded release holds it), or a Status.
type Event = Status

// First: the oldest recorded release holds the rule.
const First Event = "first"

// Step is one release in a rule's history where it came, its number or
// text changed, or it went.
type Step struct {
	Release string `json:"release"`
	Number  string `json:"number"` // its number from this release on
	// Event is First, Added, Split (off From), Changed, Renumbered (from
	// From), Typography, Reference, Merged (into Into) or Removed.
	Event Event  `json:"event"`
	From  string `json:"from,omitempty"`
	Into  string `json:"into,omitempty"`
	// Text is its whole text from this release on (every paragraph, a
	// line each); Diff how it changed from the text before.
	Text string `json:"text,omitempty"`
	Diff []Span `json:"diff,omitempty"`
}

// Trace is the history of rule number as the edition numbers it, oldest
// first: where it came, each release that renumbered or changed it, and
// where it went, followed through every renumbering.
func (e Edition) Trace(number string) ([]Step, error) {
	if e.f == nil {
		return nil, fmt.Errorf("ruletext: no rule book of %s", e.lang)
	}
	steps, err := e.f.Trace(number, e.i)
	if err != nil {
		return nil, fmt.Errorf("ruletext: %w", err)
	}
	out := make([]Step, len(steps))
	for i, s := range steps {
		out[i] = Step{Release: s.Release, Number: s.Number, Event: Event(s.Event), From: s.From, Into: s.Into, Text: s.Text, Diff: spansOf(s.Diff)}
	}
	return out, nil
}

// Trace is the history of rule number as the newest release that printed
// it numbers it ("204.3k", printed until 2011-07-15, is traced to
// 205.3m today): Edition.Trace without knowing when number existed.
func (l Lang) Trace(number string) ([]Step, error) {
	f := l.file()
	if f == nil {
		return nil, fmt.Errorf("ruletext: no rule book of %s", l)
	}
	i, ok := f.Newest(number)
	if !ok {
		return nil, fmt.Errorf("ruletext: no release of the %s rules printed a rule %s", l, number)
	}
	return Edition{lang: l, f: f, i: i}.Trace(number)
}
