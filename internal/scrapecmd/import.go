package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/sources"
)

// importFlags are one invocation's flags.
type importFlags struct {
	dirs
	allowShrink, verbose bool
	amend                releaseList
}

var importCommand = &cli.Command{
	Name:    "scrape import",
	Args:    "FILE...",
	Summary: "Add official Comprehensive Rules TXT releases to the English history.",
	Doc: `import reads each FILE as an official CR TXT (any encoding Wizards has
published, 2009-07-11 on), adds it to snapshots/en/<date>.json under the
date the document states, and rebuilds the current snapshots. A release
already recorded is left as it is when the file says the same, and
refused when it says otherwise (-amend en@date to correct it on purpose).
Flaws of the official numbering that touch no rule a fact comes from are
read past with a warning naming their lines. make history imports every
release of ../shared/corpus/cr-en.`,
	Examples: []string{"scrape import ../shared/corpus/cr-en/en-20260227.txt"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(importFlags)
		f.register(fs, true, true)
		fs.BoolVar(&f.allowShrink, "allow-shrink", false, "write even if a list empties or shrinks suspiciously")
		fs.BoolVar(&f.verbose, "v", false, "also print what was read")
		fs.Var(&f.amend, "amend", "a recorded `release` (en@YYYY-MM-DD) the import may correct; repeatable")
		return f.run
	},
}

func (f *importFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) == 0 {
		return cli.Usagef("no files given: name the CR TXT releases to import")
	}
	if err := f.check(); err != nil {
		return err
	}
	var extra []scrape.Document
	for _, path := range args {
		data, err := sources.ReadFile(path, f.maxBytes)
		if err != nil {
			return err
		}
		src := sources.Source{ID: "cr-en", Lang: "en", Format: sources.FormatCRText}
		doc := scrape.Document{Source: src, URL: "file:" + filepath.Base(path), Data: data}
		s, _, err := scrape.Read(doc) // each file on its own first, so an error names it
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if f.verbose {
			fmt.Fprintf(env.Stdout, "%s: release %s\n", path, s.Effective)
		}
		extra = append(extra, doc)
	}
	if err := cli.InRepository(f.snapshots, "snapshots"); err != nil {
		return err
	}
	opt := scrape.Options{SourcesDir: f.sources, SnapshotsDir: f.snapshots, AllowShrink: f.allowShrink, MaxBytes: f.maxBytes, Amend: f.amend}
	if f.verbose {
		opt.Log = env.Stderr
	}
	return build(ctx, opt, extra, f.verbose, env)
}
