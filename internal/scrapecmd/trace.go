package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/rulenum"
)

var traceCommand = &cli.Command{
	Name:    "scrape trace",
	Args:    "NUMBER",
	Summary: "A rule's history: each release where it came, changed text or number, or went.",
	Doc: `trace follows rule NUMBER through every recorded release, across its
renumberings: the release it came in (or was split off another), each
change of its text (word by word) or number, the release it went (or was
merged into another). NUMBER is as the newest release that printed it
numbers it (204.3k, printed until 2011, is followed to 205.3m today), or
as the release in force on -as-of DATE numbers it (a number used by two
rules in turn).

It answers from the rule book built into the command (package ruletext).`,
	Examples: []string{"scrape trace 702.19b", "scrape trace 204.3k", "scrape trace -as-of 2010-01-01 205.3", "scrape trace -json 205.3m"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(editionFlags)
		f.registerEdition(fs)
		return f.runTrace
	},
}

// traceStep is a step of a trace with the releases not recorded it may
// be of: a change first recorded in a release may have come in an
// unrecorded one before it.
type traceStep struct {
	ruletext.Step
	MayBeOf []string `json:"may_be_of,omitempty"`
}

func (f *editionFlags) runTrace(ctx context.Context, args []string, env cli.Env) error {
	if len(args) != 1 {
		return cli.Usagef("want one rule number (702.19b)")
	}
	number := strings.TrimSuffix(args[0], ".")
	if k := rulenum.KindOf(number); k != rulenum.Rule && k != rulenum.Subrule {
		return cli.Usagef("%q is not a rule number: want 702.19b or 702.19", args[0])
	}
	var steps []ruletext.Step
	if f.asOf == "" {
		if f.lang != string(ruletext.English) && f.lang != string(ruletext.Spanish) {
			return cli.Usagef("-lang %q: want one of en, es", f.lang)
		}
		var err error
		if steps, err = ruletext.Lang(f.lang).Trace(number); err != nil {
			return err
		}
	} else {
		e, err := f.edition()
		if err != nil {
			return err
		}
		if steps, err = e.Trace(number); err != nil {
			return fmt.Errorf("%w%s", err, whenElse(ruletext.Lang(f.lang), number))
		}
	}
	rels := ruletext.Lang(f.lang).Releases()
	traced := make([]traceStep, len(steps))
	for i, s := range steps {
		traced[i].Step = s
		for j := 1; j < len(rels); j++ {
			if rels[j].Date == s.Release {
				traced[i].MayBeOf = rules.UnrecordedBetween(f.lang, rels[j-1].Date, s.Release)
			}
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
		case s.From != "" && s.Event == ruletext.Split:
			fmt.Fprintf(env.Stdout, " off %s", s.From)
		case s.From != "":
			fmt.Fprintf(env.Stdout, " (was %s)", s.From)
		case s.Into != "":
			fmt.Fprintf(env.Stdout, " into %s", s.Into)
		}
		fmt.Fprintln(env.Stdout)
		switch {
		case s.Event == ruletext.First || s.Event == ruletext.Added || s.Event == ruletext.Split:
			fmt.Fprintf(env.Stdout, "    %s\n", strings.ReplaceAll(s.Text, "\n", "\n    "))
		case len(s.Diff) > 0 && !(len(s.Diff) == 1 && s.Diff[0].Op == ruletext.Equal):
			fmt.Fprintf(env.Stdout, "    %s\n", strings.ReplaceAll(report.WordDiffText(spansOf(s.Diff), nil), "\n", " "))
		}
	}
	return nil
}

// spansOf are a trace's spans as the reports print them.
func spansOf(spans []ruletext.Span) []diff.Span {
	out := make([]diff.Span, len(spans))
	for i, s := range spans {
		out[i] = diff.Span{Op: diff.Op(s.Op[0]), Text: s.Text}
	}
	return out
}
