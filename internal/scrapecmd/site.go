package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/site"
)

var siteCommand = &cli.Command{
	Name:    "scrape site",
	Args:    "DIR",
	Summary: "Write the rules as a static website: every release, every rule's history, every update's change.",
	Doc: `site writes into DIR a website of the rules from the rule book built into
the command (package ruletext) and the lists of generated/, offline and
byte for byte the same on every run: every recorded release a page per
section (each rule at its anchor, each reference a link), its glossary,
its lists and its change from the release before; every rule's history
across its renumberings at a permalink; every number ever printed; the
newest release again at stable paths (en/current/); JSON beside the pages
and a search index the browser reads a few files of per query.

DIR must be absent, empty, or a site written before (which is emptied):
any other folder is refused. -releases writes the pages of some releases
only (with the newest and each one's previous, which its change page
compares with); -check then checks every link of what was written.`,
	Examples: []string{"scrape site _site", "scrape site -releases 2010-07-16,2024-08-02 /tmp/site", "scrape site -check _site"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(siteFlags)
		fs.StringVar(&f.releases, "releases", "", "comma-separated `dates` of the releases to write (default: every one)")
		fs.BoolVar(&f.check, "check", false, "check every link of the site written (every page's href and src, every #fragment)")
		return f.run
	},
}

type siteFlags struct {
	releases string
	check    bool
}

func (f *siteFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) != 1 {
		return cli.Usagef("want one folder to write the site into")
	}
	var o site.Options
	if f.releases != "" {
		o.Releases = strings.Split(f.releases, ",")
	}
	res, err := site.Build(args[0], o)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "site: %d releases, %d pages, %d files, %d bytes in %s; the largest page %s, %d bytes\n",
		len(res.Releases), res.Pages, res.Files, res.Bytes, args[0], res.Largest, res.LargestBytes)
	if !f.check {
		return nil
	}
	broken, pages, err := site.CheckLinks(args[0])
	if err != nil {
		return err
	}
	for _, b := range broken {
		fmt.Fprintln(env.Stdout, b)
	}
	if len(broken) > 0 {
		return fmt.Errorf("site: %d broken links in %d pages of %s", len(broken), pages, args[0])
	}
	fmt.Fprintf(env.Stdout, "site: every link of %d pages leads somewhere\n", pages)
	return nil
}
