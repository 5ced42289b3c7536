package scrapecmd

import (
	"context"
	"flag"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// diffFlags are one invocation's flags.
type diffFlags struct {
	dirs
	format   string
	limit    int
	exitCode exitCode
}

var diffCommand = &cli.Command{
	Name:    "scrape diff",
	Args:    "OLD NEW",
	Summary: "Compare two snapshots: names added, removed, renamed, moved; rule text word by word.",
	Doc: `OLD and NEW are snapshot files or names: lang@date (en@2024-07-30) or
lang@current. A rename is reported only with evidence in the rule text
outside the list itself; when the history in -snapshots holds releases
between OLD and NEW, a rename must happen in one release step with no
release listing both names, and a move in one step too.`,
	Examples: []string{
		"scrape diff en@2024-04-12 en@2024-07-30",
		"scrape diff -format markdown en@2016-01-16 en@current",
	},
	Exit: []string{"3 with -exit-code: the snapshots differ"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(diffFlags)
		f.register(fs, false, true)
		fs.StringVar(&f.format, "format", "text", "output `format`: text, markdown or json")
		fs.IntVar(&f.limit, "limit", report.MarkdownLimit, "largest markdown output in `bytes` (GitHub's limit on a comment)")
		f.exitCode.register(fs)
		return f.run
	},
}

func (f *diffFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) != 2 {
		return cli.Usagef("need OLD and NEW (files, lang@date like en@2024-07-30, or lang@current), got %d arguments", len(args))
	}
	if err := checkFormat(f.format, f.limit); err != nil {
		return err
	}
	store := snapshot.Store{Dir: f.snapshots}
	old, err := resolve(store, args[0])
	if err != nil {
		return err
	}
	cur, err := resolve(store, args[1])
	if err != nil {
		return err
	}
	if old.Lang != cur.Lang {
		return cli.Usagef("cannot diff %s with %s: different languages", old.Lang, cur.Lang)
	}
	r := diff.CompareSpan(diff.Between(store, old, cur))
	if err := writeReport(env, r, f.format, f.limit); err != nil {
		return err
	}
	return f.exitCode.status(!r.Empty())
}

func checkFormat(format string, limit int) error {
	if err := cli.OneOf("format", format, "text", "markdown", "json"); err != nil {
		return err
	}
	if limit < 1024 {
		return cli.Usagef("-limit %d: want at least 1024 bytes", limit)
	}
	return nil
}

func writeReport(env cli.Env, r *diff.Report, format string, limit int) error {
	w := env.Stdout
	switch format {
	case "markdown":
		return report.Markdown(w, r, limit)
	case "json":
		return report.JSON(w, r)
	}
	return report.Text(w, r, isTerminal(w, env.Getenv))
}
