package scrapecmd

import (
	"context"
	"flag"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// reportFlags are one invocation's flags.
type reportFlags struct {
	format, api string
	limit       int
	exitCode    exitCode
}

var reportCommand = &cli.Command{
	Name:    "scrape report",
	Args:    "OLD_DIR NEW_DIR",
	Summary: "The pull-request report of a rules update: both languages' diffs and how far Spanish lags.",
	Doc: `report compares two snapshot directories (each holding current/en.json and
current/es.json, and the history in en/ and es/) and prints, in one
document: first what a reviewer decides from (names added, removed,
renamed with their evidence, moved; releases added to or amended in the
history; the Spanish lag; with -api the verdict on the Go API), then
each language's diff with its rule text, and the English names no
Spanish source translates yet ("no Spanish name yet for: ..."). Renames
and moves are checked against NEW_DIR's history. The refresh workflow
writes it as the pull request's body; the review workflow posts the same
report as a comment.`,
	Examples: []string{"scrape report -format markdown /tmp/old-snapshots snapshots"},
	Exit:     []string{"3 with -exit-code: something changed"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(reportFlags)
		fs.StringVar(&f.format, "format", "markdown", "output `format`: text, markdown or json")
		fs.IntVar(&f.limit, "limit", report.MarkdownLimit, "largest markdown output in `bytes` (GitHub's limit on a pull-request body)")
		fs.StringVar(&f.api, "api", "", "the verdict on the Go API (a `file` written by gen api -json), reported in its own section")
		f.exitCode.register(fs)
		return f.run
	},
}

func (f *reportFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) != 2 {
		return cli.Usagef("need OLD_DIR and NEW_DIR, two snapshot directories; got %d arguments", len(args))
	}
	if err := checkFormat(f.format, f.limit); err != nil {
		return err
	}
	rep, err := diff.NewUpdate(snapshot.Store{Dir: args[0]}, snapshot.Store{Dir: args[1]})
	if err != nil {
		return err
	}
	if f.api != "" {
		if rep.API, err = apiverdict.Read(f.api); err != nil {
			return err
		}
	}
	switch f.format {
	case "markdown":
		err = report.UpdateMarkdown(env.Stdout, rep, f.limit)
	case "json":
		err = report.UpdateJSON(env.Stdout, rep)
	default:
		err = report.UpdateText(env.Stdout, rep)
	}
	if err != nil {
		return err
	}
	return f.exitCode.status(rep.Changed())
}
