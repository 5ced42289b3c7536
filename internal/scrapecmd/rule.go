package scrapecmd

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// bookFlags are the flags of the commands that read the rule book.
type bookFlags struct {
	dirs
	lang, asOf string
	json, all  bool
}

func (f *bookFlags) registerBook(fs *flag.FlagSet, asOf bool) {
	f.register(fs, false, true)
	fs.StringVar(&f.lang, "lang", "en", "language of the rule book: en or es")
	if asOf {
		fs.StringVar(&f.asOf, "as-of", "", "the rules in force on `date` (YYYY-MM-DD), not the newest recorded")
	}
	fs.BoolVar(&f.json, "json", false, "print JSON")
}

// book loads the rule book and the release the question is about.
func (f *bookFlags) book() (*rulebook.Book, rulebook.Release, error) {
	if f.lang != "en" && f.lang != "es" {
		return nil, rulebook.Release{}, cli.Usagef("-lang %q: want one of en, es", f.lang)
	}
	if f.asOf != "" {
		if err := rules.CheckDate(f.asOf); err != nil {
			return nil, rulebook.Release{}, cli.Usagef("-as-of: %v", err)
		}
	}
	if err := cli.InRepository(f.snapshots, "snapshots"); err != nil {
		return nil, rulebook.Release{}, err
	}
	dir := scrape.BookDir(f.snapshots, f.lang)
	b, err := rulebook.Load(dir, f.lang)
	if err != nil {
		return nil, rulebook.Release{}, err
	}
	if len(b.Releases) == 0 {
		return nil, rulebook.Release{}, fmt.Errorf("no rule book in %s: make history records it", dir)
	}
	if f.asOf == "" {
		rel, _ := b.Newest()
		return b, rel, nil
	}
	rel, ok := b.ReleaseAsOf(f.asOf)
	if !ok {
		return nil, rulebook.Release{}, fmt.Errorf("-as-of %s: before the oldest release the rule book of %s holds, %s", f.asOf, f.lang, b.Releases[0].Date)
	}
	return b, rel, nil
}

var ruleCommand = &cli.Command{
	Name:    "scrape rule",
	Args:    "NUMBER",
	Summary: "A rule's text, with its subrules and examples, today or as of a date.",
	Doc: `rule prints rule NUMBER (702.19b; 702.19 with its subrules; 702 the
whole section) as the newest recorded release prints it, or with -as-of
DATE as the release in force that day printed it, from the rule book
(snapshots/rules/<lang>/); with -all, the whole release as JSON. It says which release the text is from and
since when the rule said it. A release recorded from rule pages holds only
the rules of its pages: a rule outside them is as the release before it
printed it, and the output says so.`,
	Examples: []string{"scrape rule 702.19b", "scrape rule -as-of 2015-06-01 205.3", "scrape rule -json 100.1", "scrape rule -all -as-of 2020-01-01 > rules-2019-10-04.json"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(bookFlags)
		f.registerBook(fs, true)
		fs.BoolVar(&f.all, "all", false, "print the whole release as JSON (schema release-rules): its contents, every rule, its glossary")
		return f.runRule
	},
}

// ruleOut is one rule as scrape rule prints it.
type ruleOut struct {
	Number   string   `json:"number"`
	Title    string   `json:"title,omitempty"`
	Text     string   `json:"text"`
	Examples []string `json:"examples,omitempty"`
	More     []string `json:"more,omitempty"` // every paragraph after the first, examples included
	// Refs are the rules, sections and chapters it refers to, resolved
	// (crtext.References): "601.2f–h" is 601.2f, 601.2g, 601.2h.
	Refs  []string `json:"refs,omitempty"`
	Since string   `json:"since"`
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

func (f *bookFlags) runRule(ctx context.Context, args []string, env cli.Env) error {
	if f.all {
		if len(args) != 0 {
			return cli.Usagef("-all prints the whole release: no rule number")
		}
		b, rel, err := f.book()
		if err != nil {
			return err
		}
		d, _ := b.Document(rel.Date)
		return writeJSON(env.Stdout, d)
	}
	if len(args) != 1 {
		return cli.Usagef("want one rule number (702.19b)")
	}
	number := strings.TrimSuffix(args[0], ".")
	if _, _, ok := crtext.SplitNumber(number + " X"); !ok && !isSection(number) {
		return cli.Usagef("%q is not a rule number: want 702.19b, 702.19 or 702", args[0])
	}
	b, rel, err := f.book()
	if err != nil {
		return err
	}
	out := rulesOut{Lang: f.lang, Release: rel.Date, Source: rel.Source, Holds: rel.Holds, Unrecorded: f.gap(rel.Date)}
	section := rulebook.SectionOf(number)
	out.Section, _ = b.Heading(section, rel.Date)
	numbers := b.Subrules(number, rel.Date)
	if v, ok := b.Rule(number, rel.Date); ok {
		out.Rules = append(out.Rules, ruleOutOf(number, v))
	}
	for _, n := range numbers {
		v, _ := b.Rule(n, rel.Date)
		out.Rules = append(out.Rules, ruleOutOf(n, v))
	}
	if len(out.Rules) == 0 {
		return fmt.Errorf("rule %s is not in the rules of %s@%s%s", number, f.lang, rel.Date, whenElse(b, number))
	}
	if f.json {
		return writeJSON(env.Stdout, out)
	}
	fmt.Fprintf(env.Stdout, "%s, as of %s@%s", section+". "+out.Section, f.lang, rel.Date)
	switch {
	case rel.Source == "pages":
		fmt.Fprintf(env.Stdout, " (a release recorded from the rule pages of %s: any other rule is as the release before printed it)", strings.Join(rel.Holds, ", "))
	case len(rel.Holds) > 0:
		fmt.Fprintf(env.Stdout, " (a text of sections %s only: any other rule is as the release before printed it)", strings.Join(rel.Holds, ", "))
	}
	if out.Unrecorded != "" {
		fmt.Fprintf(env.Stdout, "; the release of %s, newer, is not recorded: its text may differ", out.Unrecorded)
	}
	fmt.Fprintln(env.Stdout)
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
		fmt.Fprintf(env.Stdout, "  (since %s)\n", r.Since)
	}
	return nil
}

// gap is the newest release known and not recorded after release, up to
// the date asked about (or any, for the newest): "" when none.
func (f *bookFlags) gap(release string) string {
	cat, err := snapshot.Store{Dir: f.snapshots}.Catalogue()
	if err != nil {
		return ""
	}
	upTo := f.asOf
	if upTo == "" {
		upTo = "9999-12-31"
	}
	if gaps := cat.Between(f.lang, release, upTo); len(gaps) > 0 {
		return gaps[len(gaps)-1]
	}
	return ""
}

func ruleOutOf(number string, v rulebook.Version) ruleOut {
	p := crtext.Para{Number: number, Text: v.Text, More: v.More}
	out := ruleOut{Number: number, Title: p.Title(), Text: v.Text, More: v.More, Examples: p.Examples(), Refs: crtext.References(strings.Join(append([]string{v.Text}, v.More...), "\n")), Since: v.Since}
	for _, a := range v.Also {
		out.Also = append(append(out.Also, a.Text), a.More...)
	}
	return out
}

// whenElse says when the book did hold a rule it does not as of a
// release: ", which the rules printed from X to Y".
func whenElse(b *rulebook.Book, number string) string {
	h := b.History(number)
	if h == nil {
		return " (nor of any recorded release)"
	}
	var spans []string
	for i, v := range h.Versions {
		if v.Gone {
			continue
		}
		j := i + 1
		for j < len(h.Versions) && !h.Versions[j].Gone {
			j++
		}
		end := "on"
		if j < len(h.Versions) {
			end = "until " + h.Versions[j].Since
		}
		if i == 0 || h.Versions[i-1].Gone {
			spans = append(spans, "from "+v.Since+" "+end)
		}
	}
	return "; the rules printed it " + strings.Join(spans, ", ")
}

func isSection(s string) bool {
	if len(s) == 3 {
		for _, c := range s {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	return false
}

var glossaryCommand = &cli.Command{
	Name:    "scrape glossary",
	Args:    "TERM",
	Summary: "A glossary entry, today or as of a date.",
	Doc: `glossary prints the glossary's definition of TERM (any case) as the
newest recorded release prints it, or with -as-of DATE as the release in
force that day printed it, from the rule book.`,
	Examples: []string{"scrape glossary Abandon", "scrape glossary -as-of 2020-01-01 'Tribal'"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(bookFlags)
		f.registerBook(fs, true)
		return f.runGlossary
	},
}

type termOut struct {
	Lang       string   `json:"lang"`
	Release    string   `json:"release"`
	Term       string   `json:"term"`
	Definition []string `json:"definition"`
	Refs       []string `json:"refs,omitempty"` // the rules it names, resolved
	Since      string   `json:"since"`
}

func (f *bookFlags) runGlossary(ctx context.Context, args []string, env cli.Env) error {
	if len(args) == 0 {
		return cli.Usagef("no term given")
	}
	term := strings.Join(args, " ")
	b, rel, err := f.book()
	if err != nil {
		return err
	}
	// The glossary of a release recorded from rule pages is the one
	// before it.
	t := b.Term(term)
	if t == nil {
		return fmt.Errorf("%q is in the glossary of no release of the %s rule book", term, f.lang)
	}
	v, ok := rulebook.At(t.Versions, rel.Date)
	if !ok {
		return fmt.Errorf("%q is not in the glossary of %s@%s%s", t.Term, f.lang, rel.Date, strings.Replace(whenElse(&rulebook.Book{Rules: []rulebook.Rule{{Number: t.Term, Versions: t.Versions}}}, t.Term), "rules printed it", "glossary had it", 1))
	}
	out := termOut{Lang: f.lang, Release: rel.Date, Term: t.Term, Definition: v.More, Refs: crtext.References(strings.Join(v.More, "\n")), Since: v.Since}
	if f.json {
		return writeJSON(env.Stdout, out)
	}
	fmt.Fprintf(env.Stdout, "%s (glossary of %s@%s, since %s)\n", out.Term, f.lang, rel.Date, v.Since)
	for _, l := range out.Definition {
		fmt.Fprintln(env.Stdout, l)
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

var traceCommand = &cli.Command{
	Name:    "scrape trace",
	Args:    "NUMBER",
	Summary: "A rule's history: each release where it came, changed text or number, or went.",
	Doc: `trace follows rule NUMBER (as the newest recorded release numbers it, or
the release in force on -as-of DATE) through every recorded release,
across its renumberings, by the pairing each release records (what its
rules say and where they stand): the release it came in (or was split
off another), each change of its text (word by word) or number, the
release it went (or was merged into another).`,
	Examples: []string{"scrape trace 702.19b", "scrape trace -as-of 2010-01-01 204.3k", "scrape trace -json 205.3m"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(bookFlags)
		f.registerBook(fs, true)
		return f.runTrace
	},
}

func (f *bookFlags) runTrace(ctx context.Context, args []string, env cli.Env) error {
	if len(args) != 1 {
		return cli.Usagef("want one rule number (702.19b)")
	}
	number := strings.TrimSuffix(args[0], ".")
	if _, _, ok := crtext.SplitNumber(number + " X"); !ok {
		return cli.Usagef("%q is not a rule number: want 702.19b or 702.19", args[0])
	}
	b, rel, err := f.book()
	if err != nil {
		return err
	}
	steps, err := b.Trace(number, rel.Date)
	if err != nil {
		return fmt.Errorf("%w%s", err, whenElse(b, number))
	}
	cat, err := snapshot.Store{Dir: f.snapshots}.Catalogue()
	if err != nil {
		return err
	}
	traced := make([]traceStep, len(steps))
	for i, s := range steps {
		traced[i].Step = s
		if j := slices.IndexFunc(b.Releases, func(r rulebook.Release) bool { return r.Date == s.Release }); j > 0 {
			traced[i].MayBeOf = cat.Between(f.lang, b.Releases[j-1].Date, s.Release)
		}
	}
	if f.json {
		return writeJSON(env.Stdout, traced)
	}
	for _, t := range traced {
		s := t.Step
		fmt.Fprintf(env.Stdout, "%s  %s  %s", s.Release, s.Number, s.Event)
		if len(t.MayBeOf) > 0 {
			fmt.Fprintf(env.Stdout, " (or in %s, not recorded)", strings.Join(t.MayBeOf, ", "))
		}
		switch {
		case s.From != "" && s.Event == "split":
			fmt.Fprintf(env.Stdout, " off %s", s.From)
		case s.From != "":
			fmt.Fprintf(env.Stdout, " (was %s)", s.From)
		case s.Into != "":
			fmt.Fprintf(env.Stdout, " into %s", s.Into)
		}
		fmt.Fprintln(env.Stdout)
		switch {
		case s.Event == "first" || s.Event == "added" || s.Event == "split":
			fmt.Fprintf(env.Stdout, "    %s\n", strings.ReplaceAll(s.Text, "\n", "\n    "))
		case len(s.Diff) > 0 && !(len(s.Diff) == 1 && s.Diff[0].Op == diff.Equal):
			fmt.Fprintf(env.Stdout, "    %s\n", strings.ReplaceAll(report.WordDiffText(s.Diff, nil), "\n", " "))
		}
	}
	return nil
}

// traceStep is a step of a trace with the releases not recorded it may
// be of: a change first recorded in a release may have come in an
// unrecorded one before it.
type traceStep struct {
	rulebook.Step
	MayBeOf []string `json:"may_be_of,omitempty"`
}

// pairFlags are scrape pair's flags.
type pairFlags struct {
	dirs
}

var pairCommand = &cli.Command{
	Name:    "scrape pair",
	Args:    "LANG@DATE FROM TO",
	Summary: "Amend the pairing of a release's rules with the release before it.",
	Doc: `pair says by hand that rule FROM of the release before LANG@DATE is rule
TO of LANG@DATE, where the pairing the rule book read from what the rules
say is wrong: FROM "-" says TO is new, TO "-" that FROM is not in
LANG@DATE. The rules either was paired with lose that pair. The
amendment is recorded with the release (amended, in
snapshots/rules/<lang>/releases.json) and holds every time the pairing
is computed again; scrape trace and scrape diff -whole follow it. It
prints the pairing of the two rules before and after.`,
	Examples: []string{"scrape pair en@2011-09-30 204.3k 205.3m", "scrape pair en@2024-02-02 - 701.56a"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(pairFlags)
		f.register(fs, false, true)
		return f.run
	},
}

func (f *pairFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) != 3 {
		return cli.Usagef("want LANG@DATE FROM TO (a rule number, or - for none), got %d arguments", len(args))
	}
	lang, date, ok := strings.Cut(args[0], "@")
	if !ok || lang != "en" && lang != "es" {
		return cli.Usagef("%q: want a release of the rule book, lang@date (en@2011-09-30)", args[0])
	}
	if err := rules.CheckDate(date); err != nil {
		return cli.Usagef("%s: %v", args[0], err)
	}
	nums := [2]string{}
	for i, a := range args[1:] {
		if a == "-" {
			continue
		}
		if _, _, ok := crtext.SplitNumber(a + " X"); !ok {
			return cli.Usagef("%q is not a rule number (or -)", a)
		}
		nums[i] = a
	}
	if err := cli.InRepository(f.snapshots, "snapshots"); err != nil {
		return err
	}
	dir := scrape.BookDir(f.snapshots, lang)
	b, err := rulebook.Load(dir, lang)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(b.Releases, func(r rulebook.Release) bool { return r.Date == date })
	show := func(when string) {
		if i <= 0 {
			return
		}
		held := func(k int) func(string) bool {
			d := b.Releases[k].Date
			return func(n string) bool { _, ok := b.Rule(n, d); return ok }
		}
		if nums[0] != "" {
			to, ok := b.Next(i, nums[0], held(i))
			if !ok {
				to = "nothing"
			}
			fmt.Fprintf(env.Stdout, "%s: %s of %s is %s of %s\n", when, nums[0], b.Releases[i-1].Date, to, date)
		}
		if nums[1] != "" {
			from, ok := b.Previous(i, nums[1], held(i-1))
			if !ok {
				from = "nothing"
			}
			fmt.Fprintf(env.Stdout, "%s: %s of %s was %s of %s\n", when, nums[1], date, from, b.Releases[i-1].Date)
		}
	}
	show("before")
	if err := b.Amend(date, nums[0], nums[1]); err != nil {
		return err
	}
	show("after")
	if err := b.Write(dir); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "amended the pairing of %s@%s in %s\n", lang, date, filepath.Join(dir, "releases.json"))
	return nil
}
