package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// refreshFlags are one invocation's flags of scrape itself.
type refreshFlags struct {
	dirs
	live, allowShrink, verbose bool
	maxShrink                  float64
	amend                      releaseList
}

// releaseList is a repeatable flag of recorded releases, lang@YYYY-MM-DD.
type releaseList []string

func (l *releaseList) String() string { return strings.Join(*l, ",") }

func (l *releaseList) Set(v string) error {
	for _, k := range strings.Split(v, ",") {
		lang, date, ok := strings.Cut(strings.TrimSpace(k), "@")
		if !ok || cli.OneOf("amend", lang, snapshot.Languages...) != nil || checkDate("amend", date) != nil {
			return fmt.Errorf("%q: want a recorded release as lang@YYYY-MM-DD (en@2026-09-25)", k)
		}
		*l = append(*l, lang+"@"+date)
	}
	return nil
}

func registerRefresh(fs *flag.FlagSet) cli.Run {
	f := new(refreshFlags)
	f.register(fs, true, true)
	fs.BoolVar(&f.live, "live", false, "fetch every source that has a URL instead of reading its captured copy")
	fs.BoolVar(&f.allowShrink, "allow-shrink", false, "write even if a list empties or shrinks by more than -max-shrink")
	fs.Float64Var(&f.maxShrink, "max-shrink", scrape.DefaultShrink, "largest `fraction` of a list one update may drop (0.1 is 10%; up to 3 names always may)")
	fs.BoolVar(&f.verbose, "v", false, "also print what was read and fetched")
	fs.Var(&f.amend, "amend", "a recorded `release` (lang@YYYY-MM-DD) this run may correct; repeatable. A recorded release is otherwise never rewritten")
	return f.run
}

func checkShrink(f float64) error {
	if !(f > 0 && f <= 1) {
		return cli.Usagef("-max-shrink %v: want a fraction above 0 and at most 1 (0.1 is 10%%)", f)
	}
	return nil
}

func (f *refreshFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) > 0 {
		var names []string
		for _, c := range subcommands {
			names = append(names, strings.TrimPrefix(c.Name, "scrape "))
		}
		return cli.Usagef("unexpected arguments %q: scrape takes flags only; commands are %s", args, strings.Join(names, ", "))
	}
	if err := f.check(); err != nil {
		return err
	}
	if err := checkShrink(f.maxShrink); err != nil {
		return err
	}
	if err := cli.InRepository(f.sources, "sources"); err != nil {
		return err
	}
	opt := scrape.Options{SourcesDir: f.sources, SnapshotsDir: f.snapshots, Live: f.live,
		AllowShrink: f.allowShrink, MaxShrink: f.maxShrink, MaxBytes: f.maxBytes, Amend: f.amend}
	if f.verbose {
		opt.Log = env.Stderr
	}
	return build(ctx, opt, nil, f.verbose, env)
}

// build runs the scrape and prints what changed.
func build(ctx context.Context, opt scrape.Options, extra []scrape.Document, verbose bool, env cli.Env) error {
	stdout, stderr := env.Stdout, env.Stderr
	plan, err := scrape.Build(ctx, opt, extra)
	if err != nil {
		return err
	}
	for _, lang := range snapshot.Languages {
		s := plan.New[lang]
		if s == nil {
			continue
		}
		if verbose {
			fmt.Fprintf(stdout, "%s: effective %s, %s\n", lang, s.Effective, summary(s))
		}
		if old := plan.Old[lang]; old != nil {
			if r := diff.Compare(old, s); !r.Empty() {
				if err := report.Text(stdout, r, isTerminal(stdout, env.Getenv)); err != nil {
					return err
				}
			}
		}
	}
	changed, err := plan.Apply()
	if err != nil {
		return err
	}
	for _, l := range []struct {
		what string
		keys []string
	}{{"added to the history", plan.Added}, {"completed (facts the record did not carry)", plan.Completed}, {"amended", plan.Amended}} {
		if len(l.keys) > 0 {
			fmt.Fprintf(stdout, "%s: %s\n", l.what, strings.Join(l.keys, ", "))
		}
	}
	// Warnings go with what changed: a rerun that changes nothing stays
	// quiet about a Spanish lag it already reported.
	if len(changed) > 0 || verbose {
		for _, w := range plan.Warnings {
			fmt.Fprintln(stderr, "warning:", w)
		}
	}
	if len(changed) == 0 {
		fmt.Fprintln(stdout, "no changes")
	}
	for _, c := range changed {
		fmt.Fprintln(stdout, "wrote", c)
	}
	return nil
}

func summary(s *snapshot.Snapshot) string {
	n := 0
	for _, names := range s.Subtypes {
		n += len(names)
	}
	return fmt.Sprintf("%d card types, %d supertypes, %d subtypes in %d categories, %d mana symbols",
		len(s.CardTypes), len(s.Supertypes), n, len(s.Subtypes), len(s.ManaSymbols))
}

// isTerminal reports whether w is a terminal, for colour; NO_COLOR (read
// with getenv) wins.
func isTerminal(w io.Writer, getenv func(string) string) bool {
	f, ok := w.(*os.File)
	if !ok || getenv("NO_COLOR") != "" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
