package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/scrape"
)

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
