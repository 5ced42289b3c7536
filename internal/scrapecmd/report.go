package scrapecmd

import (
	"bytes"
	"context"
	"flag"
	"net/url"

	"github.com/mtgrules/crgen/internal/atomicfile"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/scrape"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/site"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// reportFlags are one invocation's flags.
type reportFlags struct {
	format, api, wholeFile, site string
	limit                        int
	exitCode                     exitCode
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
report as a comment.

Below the history of releases, the pairings of rules a maintainer set
or dropped by hand (scrape pair) in either rule book, release by release.
Below all that, every change of each language's rule book (rules/<lang>/
in each directory), as whole diffs of the rules, glossary and contents
(as scrape diff -whole), every change complete and collapsible in what
the rest leaves of -limit: each release up to OLD_DIR's newest whose
text NEW_DIR records otherwise (completed from the official text,
amended, or a past release recorded), as OLD_DIR held it and as NEW_DIR
holds it; then the releases newer than OLD_DIR's newest, from it to
NEW_DIR's newest. Shown one update after another, they add up to
scrape diff -whole between the releases, each change once. With
-whole-file, every whole diff, uncut, is also written to that file (the
refresh writes ` + report.WholeFile + `, which the pull request names
when its body cannot hold every change).`,
	Examples: []string{"scrape report -format markdown /tmp/old-snapshots snapshots"},
	Exit:     []string{"3 with -exit-code: something changed"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(reportFlags)
		fs.StringVar(&f.format, "format", "markdown", "output `format`: text, markdown or json")
		fs.IntVar(&f.limit, "limit", report.MarkdownLimit, "largest markdown output in `bytes` (GitHub's limit on a pull-request body)")
		fs.StringVar(&f.api, "api", "", "the verdict on the Go API (a `file` written by gen api -json), reported in its own section")
		fs.StringVar(&f.wholeFile, "whole-file", "", "also write the whole diff of the rules, uncut, as Markdown to `file`")
		fs.StringVar(&f.site, "site", "", "the `URL` of the rules' site (scrape site, published by pages.yml): the markdown names the page of each change there")
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
	var books report.Rules
	if f.site != "" {
		if u, err := url.Parse(f.site); err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host == "" {
			return cli.Usagef("-site %q: want the site's address, https://owner.github.io/repo/", f.site)
		}
		books.Page = func(lang, date string) string { return site.ChangeURL(f.site, ruletext.Lang(lang), date) }
	}
	for _, lang := range snapshot.Languages {
		cs, ps, err := rulebook.Changes(scrape.BookDir(args[0], lang), scrape.BookDir(args[1], lang), lang)
		if err != nil {
			return err
		}
		books.Whole = append(books.Whole, cs...)
		books.Pairings = append(books.Pairings, ps...)
	}
	if f.wholeFile != "" {
		var b bytes.Buffer
		if err := books.WholeMarkdown(&b); err != nil {
			return err
		}
		if _, err := atomicfile.Write(f.wholeFile, b.Bytes()); err != nil {
			return err
		}
	}
	switch f.format {
	case "markdown":
		err = report.FullMarkdown(env.Stdout, rep, books, f.limit)
	case "json":
		err = report.FullJSON(env.Stdout, rep, books)
	default:
		err = report.FullText(env.Stdout, rep, books)
	}
	if err != nil {
		return err
	}
	return f.exitCode.status(rep.Changed() || books.Changed())
}
