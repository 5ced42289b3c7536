package scrapecmd

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/rulenum"
)

// The commands that read the rules' text (rule, glossary, trace,
// search) answer from the rule book built into the command: package
// ruletext, as cmd/gen last wrote it from snapshots/rules/. They need no
// checkout and no network.

// editionFlags are the flags of the commands that read an edition of the
// rules.
type editionFlags struct {
	lang, asOf string
	json       bool
}

func (f *editionFlags) registerEdition(fs *flag.FlagSet) {
	fs.StringVar(&f.lang, "lang", "en", "language of the rule book: en or es")
	fs.StringVar(&f.asOf, "as-of", "", "the rules in force on `date` (YYYY-MM-DD), not the newest recorded")
	fs.BoolVar(&f.json, "json", false, "print JSON")
}

// edition is the edition the flags ask for: a malformed date is a usage
// error, a date before the first release an error.
func (f *editionFlags) edition() (ruletext.Edition, error) {
	if f.lang != string(ruletext.English) && f.lang != string(ruletext.Spanish) {
		return ruletext.Edition{}, cli.Usagef("-lang %q: want one of en, es", f.lang)
	}
	if f.asOf != "" {
		if err := rules.CheckDate(f.asOf); err != nil {
			return ruletext.Edition{}, cli.Usagef("-as-of: %v", err)
		}
	}
	return ruletext.Lang(f.lang).AsOf(f.asOf)
}

// releaseNote says where an edition's texts come from when it printed
// only some rules, and a newer release in force that the record lacks.
func releaseNote(e ruletext.Edition) string {
	var note string
	rel := e.Release()
	switch {
	case rel.Source == ruletext.RulePages:
		note = fmt.Sprintf(" (a release recorded from the rule pages of %s: any other rule is as the release before printed it)", strings.Join(rel.Holds, ", "))
	case len(rel.Holds) > 0:
		note = fmt.Sprintf(" (a text of sections %s only: any other rule is as the release before printed it)", strings.Join(rel.Holds, ", "))
	}
	if g := gapOf(e); g != "" {
		note += fmt.Sprintf("; the release of %s, newer, is not recorded: its text may differ", g)
	}
	return note
}

// gapOf is the newest release known and not recorded after the
// edition's, up to the date asked (any, for the newest): "" when none.
func gapOf(e ruletext.Edition) string {
	upTo := e.Asked()
	if upTo == "" {
		upTo = "9999-12-31"
	}
	if gaps := rules.UnrecordedBetween(string(e.Lang()), e.Date(), upTo); len(gaps) > 0 {
		return gaps[len(gaps)-1]
	}
	return ""
}

var ruleCommand = &cli.Command{
	Name:    "scrape rule",
	Args:    "NUMBER",
	Summary: "A rule's text, with its subrules and examples, today or as of a date.",
	Doc: `rule prints rule NUMBER (702.19b; 702.19 with its subrules; a section,
702, or a chapter, 7, whole) as the newest recorded release prints it, or
with -as-of DATE as the release in force that day printed it; with -all,
the whole release as JSON. Each rule says the release that first printed
its text, and which release printed it when that is not the release asked
about: a release recorded from rule pages holds only the rules of its
pages, and any other rule is as the release before it printed it.

It answers from the rule book built into the command (package ruletext,
as cmd/gen last wrote it from snapshots/rules/): no checkout, no network.`,
	Examples: []string{"scrape rule 702.19b", "scrape rule -as-of 2015-06-01 205.3", "scrape rule -json 100.1", "scrape rule -all -as-of 2020-01-01 > rules-2019-10-04.json"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(ruleFlags)
		f.registerEdition(fs)
		fs.BoolVar(&f.all, "all", false, "print the whole release as JSON (schema release-rules): its contents, every rule, its glossary")
		return f.run
	},
}

type ruleFlags struct {
	editionFlags
	all bool
}

// ruleOut is one rule as scrape rule prints it.
type ruleOut struct {
	Number   string   `json:"number"`
	Title    string   `json:"title,omitempty"`
	Text     string   `json:"text"`
	Examples []string `json:"examples,omitempty"`
	More     []string `json:"more,omitempty"` // every paragraph after the first, examples included
	// Refs are the rules, sections and chapters it refers to, resolved
	// (rulenum.References): "601.2f–h" is 601.2f, 601.2g, 601.2h.
	Refs []string `json:"refs,omitempty"`
	// Since is the release that first printed its text under its number;
	// Printed the release whose printing the text is (the release asked
	// about, or before it for a release of some rules only).
	Since   string `json:"since"`
	Printed string `json:"printed"`
	// Also are the paragraphs of the rules the release printed again under
	// the same number (a flaw of its numbering: 702.30d in 2009-09-04).
	Also []string `json:"also,omitempty"`
}

type rulesOut struct {
	Lang    string `json:"lang"`
	Release string `json:"release"`
	// Source is "pages" when the release in force was recorded from
	// rule pages; Holds then names them.
	Source string   `json:"source"`
	Holds  []string `json:"holds,omitempty"`
	// Unrecorded is the release in force on the date asked about (or
	// the newest known) that the record does not hold: the text given
	// is of Release, older.
	Unrecorded string    `json:"unrecorded,omitempty"`
	Section    string    `json:"section,omitempty"`
	Rules      []ruleOut `json:"rules"`
}

func ruleOutOf(r ruletext.Rule) ruleOut {
	return ruleOut{Number: r.Number, Title: r.Title(), Text: r.Text, More: r.More(), Examples: r.Examples(), Refs: r.References(), Since: r.Since, Printed: r.Printed, Also: r.Again()}
}

func (f *ruleFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if f.all {
		if len(args) != 0 {
			return cli.Usagef("-all prints the whole release: no rule number")
		}
		e, err := f.edition()
		if err != nil {
			return err
		}
		return writeJSON(env.Stdout, documentOf(e))
	}
	if len(args) != 1 {
		return cli.Usagef("want one rule number (702.19b)")
	}
	number := strings.TrimSuffix(args[0], ".")
	if rulenum.KindOf(number) == rulenum.Invalid {
		return cli.Usagef("%q is not a rule number: want 702.19b, 702.19, 702 or 7", args[0])
	}
	e, err := f.edition()
	if err != nil {
		return err
	}
	rel := e.Release()
	section := rulenum.SectionOf(number)
	if rulenum.KindOf(number) == rulenum.Chapter {
		section = number
	}
	out := rulesOut{Lang: f.lang, Release: rel.Date, Source: string(rel.Source), Holds: rel.Holds, Unrecorded: gapOf(e)}
	out.Section, _ = e.Heading(section)
	var numbers []string
	if r, ok := e.Lookup(number); ok && r.Kind() != ruletext.Chapter && r.Kind() != ruletext.Section {
		numbers = append(numbers, number)
	}
	numbers = append(numbers, e.Subrules(number)...)
	if rulenum.KindOf(number) == rulenum.Chapter {
		for _, s := range e.Children(number) {
			numbers = append(numbers, e.Subrules(s)...)
		}
	}
	for _, n := range numbers {
		r, _ := e.Lookup(n)
		out.Rules = append(out.Rules, ruleOutOf(r))
	}
	if len(out.Rules) == 0 {
		return fmt.Errorf("rule %s is not in the rules of %s@%s%s", number, f.lang, rel.Date, whenElse(ruletext.Lang(f.lang), number))
	}
	if f.json {
		return writeJSON(env.Stdout, out)
	}
	head := section
	if out.Section != "" {
		head += ". " + out.Section
	}
	fmt.Fprintf(env.Stdout, "%s, as of %s@%s%s\n", head, f.lang, rel.Date, releaseNote(e))
	for _, r := range out.Rules {
		fmt.Fprintf(env.Stdout, "\n%s %s\n", crtext.CanonicalLead(r.Number), r.Text)
		for _, m := range r.More {
			fmt.Fprintf(env.Stdout, "%s\n", m)
		}
		if len(r.Also) > 0 {
			fmt.Fprintf(env.Stdout, "  (printed again under the same number, a flaw of the release's numbering:)\n")
			for _, a := range r.Also {
				fmt.Fprintf(env.Stdout, "%s\n", a)
			}
		}
		if r.Printed != rel.Date {
			fmt.Fprintf(env.Stdout, "  (since %s; as %s printed it)\n", r.Since, r.Printed)
		} else {
			fmt.Fprintf(env.Stdout, "  (since %s)\n", r.Since)
		}
	}
	return nil
}

// whenElse says when the rules did print a number an edition does not:
// "; the rules printed it until 2011-07-15 (scrape trace 204.3k
// follows it)", or that no recorded release did.
func whenElse(l ruletext.Lang, number string) string {
	steps, err := l.Trace(number)
	if err != nil {
		return " (nor of any recorded release)"
	}
	last := steps[len(steps)-1]
	switch {
	case last.Event == ruletext.Removed || last.Event == ruletext.Merged:
		return fmt.Sprintf("; the rules printed it until %s (scrape trace %s follows it)", last.Release, number)
	case last.Number != number:
		since := last.Release
		for i := len(steps) - 1; i >= 0 && steps[i].Number == last.Number; i-- {
			since = steps[i].Release
		}
		return fmt.Sprintf("; it is %s since %s (scrape trace %s follows it)", last.Number, since, number)
	}
	return fmt.Sprintf("; the rules print it since %s", steps[0].Release)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

var glossaryCommand = &cli.Command{
	Name:    "scrape glossary",
	Args:    "TERM",
	Summary: "A glossary entry, today or as of a date.",
	Doc: `glossary prints the glossary's definition of TERM as the newest recorded
release prints it, or with -as-of DATE as the release in force that day
printed it. TERM is found whatever its case, punctuation, apostrophes or
plural ("double-faced cards" is Double-Faced Card); a term the glossary
does not have is answered with the nearest it has ("did you mean").
With -list, every term of the release.

It answers from the rule book built into the command (package ruletext).`,
	Examples: []string{"scrape glossary Abandon", "scrape glossary -as-of 2020-01-01 tribal", "scrape glossary -list"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(glossaryFlags)
		f.registerEdition(fs)
		fs.BoolVar(&f.list, "list", false, "list the release's terms")
		return f.run
	},
}

type glossaryFlags struct {
	editionFlags
	list bool
}

type termOut struct {
	Lang       string   `json:"lang"`
	Release    string   `json:"release"`
	Term       string   `json:"term"`
	Definition []string `json:"definition"`
	Refs       []string `json:"refs,omitempty"` // the rules it names, resolved
	Since      string   `json:"since"`
	Printed    string   `json:"printed"`
}

func (f *glossaryFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if f.list != (len(args) == 0) {
		return cli.Usagef("want a term, or -list")
	}
	e, err := f.edition()
	if err != nil {
		return err
	}
	if f.list {
		if f.json {
			return writeJSON(env.Stdout, e.Terms())
		}
		for _, t := range e.Terms() {
			fmt.Fprintln(env.Stdout, t)
		}
		return nil
	}
	entry, err := e.Term(strings.Join(args, " "))
	var te *ruletext.TermError
	if errors.As(err, &te) {
		return fmt.Errorf("%q is not in the glossary of %s@%s%s%s", te.Term, f.lang, e.Date(), termElse(ruletext.Lang(f.lang), te.Term), didYouMean(te.Suggestions))
	}
	if err != nil {
		return err
	}
	out := termOut{Lang: f.lang, Release: e.Date(), Term: entry.Term, Definition: entry.Definition(), Refs: entry.References(), Since: entry.Since, Printed: entry.Printed}
	if f.json {
		return writeJSON(env.Stdout, out)
	}
	fmt.Fprintf(env.Stdout, "%s (glossary of %s@%s, since %s)\n", out.Term, f.lang, out.Release, out.Since)
	for _, l := range out.Definition {
		fmt.Fprintln(env.Stdout, l)
	}
	return nil
}

// termElse says when the glossary did have a term an edition does not:
// "; the glossary had it from 2009-07-11 until 2024-07-30".
func termElse(l ruletext.Lang, term string) string {
	rels := l.Releases()
	var spans []string
	from, until := "", ""
	for i := len(rels) - 1; i >= 0; i-- {
		e, _ := l.AsOf(rels[i].Date)
		if entry, err := e.Term(term); err == nil && strings.EqualFold(entry.Term, term) {
			if from == "" && until == "" && i+1 < len(rels) {
				until = rels[i+1].Date
			}
			from = rels[i].Date
			continue
		}
		if from != "" {
			spans = append(spans, "from "+from+" until "+until)
			from, until = "", ""
		}
	}
	if from != "" {
		spans = append(spans, "from "+from+" until "+until)
	}
	if len(spans) == 0 {
		return ""
	}
	return "; the glossary had it " + strings.Join(spans, ", ")
}

func didYouMean(suggestions []string) string {
	if len(suggestions) == 0 {
		return ""
	}
	qs := make([]string, len(suggestions))
	for i, s := range suggestions {
		qs[i] = fmt.Sprintf("%q", s)
	}
	return "; did you mean " + strings.Join(qs, " or ") + "?"
}
