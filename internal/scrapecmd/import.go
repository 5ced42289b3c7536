package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/sources"
)

var importFlags struct {
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
	Flags: func(fs *flag.FlagSet) {
		importFlags.register(fs, true, true)
		fs.BoolVar(&importFlags.allowShrink, "allow-shrink", false, "write even if a list empties or shrinks suspiciously")
		fs.BoolVar(&importFlags.verbose, "v", false, "also print what was read")
		importFlags.amend = nil
		fs.Var(&importFlags.amend, "amend", "a recorded `release` (en@YYYY-MM-DD) the import may correct; repeatable")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) == 0 {
			return cli.Usagef("no files given: name the CR TXT releases to import")
		}
		if err := importFlags.check(); err != nil {
			return err
		}
		var extra []scrape.Document
		for _, path := range args {
			data, err := sources.ReadFile(path, importFlags.maxBytes)
			if err != nil {
				return err
			}
			src := sources.Source{ID: "cr-en", Lang: "en", Format: sources.FormatCRText}
			doc := scrape.Document{Source: src, URL: "file:" + filepath.Base(path), Data: data}
			s, _, err := scrape.Read(doc) // each file on its own first, so an error names it
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if importFlags.verbose {
				fmt.Fprintf(stdout, "%s: release %s\n", path, s.Effective)
			}
			extra = append(extra, doc)
		}
		opt := scrape.Options{SourcesDir: importFlags.sources, SnapshotsDir: importFlags.snapshots, AllowShrink: importFlags.allowShrink, MaxBytes: importFlags.maxBytes, Amend: importFlags.amend}
		if importFlags.verbose {
			opt.Log = stderr
		}
		return build(ctx, opt, extra, importFlags.verbose, stdout, stderr)
	},
}
