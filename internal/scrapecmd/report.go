package scrapecmd

import (
	"context"
	"flag"
	"io"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/snapshot"
)

var reportFlags struct {
	format, api string
	limit       int
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
	Exit:     []string{"3 something changed"},
	Flags: func(fs *flag.FlagSet) {
		fs.StringVar(&reportFlags.format, "format", "markdown", "output `format`: text, markdown or json")
		fs.IntVar(&reportFlags.limit, "limit", report.MarkdownLimit, "largest markdown output in `bytes` (GitHub's limit on a pull-request body)")
		fs.StringVar(&reportFlags.api, "api", "", "the verdict on the Go API (a `file` written by gen api -json), reported in its own section")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) != 2 {
			return cli.Usagef("need OLD_DIR and NEW_DIR, two snapshot directories; got %d arguments", len(args))
		}
		if err := checkFormat(reportFlags.format, reportFlags.limit); err != nil {
			return err
		}
		rep, err := diff.NewUpdate(snapshot.Store{Dir: args[0]}, snapshot.Store{Dir: args[1]})
		if err != nil {
			return err
		}
		if reportFlags.api != "" {
			if rep.API, err = apiverdict.Read(reportFlags.api); err != nil {
				return err
			}
		}
		switch reportFlags.format {
		case "markdown":
			err = report.UpdateMarkdown(stdout, rep, reportFlags.limit)
		case "json":
			err = report.UpdateJSON(stdout, rep)
		default:
			err = report.UpdateText(stdout, rep)
		}
		if err != nil {
			return err
		}
		if rep.Changed() {
			return &cli.StatusError{Code: exitChanged}
		}
		return nil
	},
}
