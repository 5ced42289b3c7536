package scrapecmd

import (
	"context"
	"flag"
	"strings"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/scrape"

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
	whole    bool
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
release listing both names, and a move in one step too.

With -whole, OLD and NEW are releases of the rule book (lang@date) and
the diff is of the whole rules: every rule added, removed, changed (word
by word), renumbered, split or merged, followed through every release
between, the glossary and the contents; a change only of typography or
of the numbers a rule cites is shown as such.`,
	Examples: []string{
		"scrape diff en@2024-04-12 en@2024-07-30",
		"scrape diff -format markdown en@2016-01-16 en@current",
		"scrape diff -whole en@2011-07-15 en@2011-09-30",
	},
	Exit: []string{"3 with -exit-code: the snapshots differ"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(diffFlags)
		f.register(fs, false, true)
		fs.StringVar(&f.format, "format", "text", "output `format`: text, markdown or json")
		fs.IntVar(&f.limit, "limit", report.MarkdownLimit, "largest markdown output in `bytes` (GitHub's limit on a comment)")
		fs.BoolVar(&f.whole, "whole", false, "diff the whole rules of two releases of the rule book")
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
	if f.whole {
		return f.runWhole(args, env)
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

// runWhole is scrape diff -whole.
func (f *diffFlags) runWhole(args []string, env cli.Env) error {
	var lang string
	var dates [2]string
	for i, a := range args {
		l, date, ok := strings.Cut(a, "@")
		if !ok || l != "en" && l != "es" {
			return cli.Usagef("-whole compares releases of the rule book: want lang@date (en@2024-07-30), got %q", a)
		}
		if err := rules.CheckDate(date); err != nil {
			return cli.Usagef("%s: %v", a, err)
		}
		if lang != "" && l != lang {
			return cli.Usagef("cannot diff %s with %s: different languages", lang, l)
		}
		lang, dates[i] = l, date
	}
	if err := cli.InRepository(f.snapshots, "snapshots"); err != nil {
		return err
	}
	b, err := rulebook.Load(scrape.BookDir(f.snapshots, lang), lang)
	if err != nil {
		return err
	}
	d, err := b.Compare(dates[0], dates[1])
	if err != nil {
		return err
	}
	switch f.format {
	case "markdown":
		err = report.DocMarkdown(env.Stdout, d, f.limit, "")
	case "json":
		err = report.DocJSON(env.Stdout, d)
	default:
		err = report.DocText(env.Stdout, d, isTerminal(env.Stdout, env.Getenv))
	}
	if err != nil {
		return err
	}
	return f.exitCode.status(!d.Empty())
}
