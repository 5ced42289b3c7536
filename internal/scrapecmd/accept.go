package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/sources"
)

var acceptFlags struct {
	dirs
	effective string
}

var acceptCommand = &cli.Command{
	Name:    "scrape accept",
	Args:    "FILE...",
	Summary: "Record captured copies replaced on purpose in sources.json: their sha256 and, for a new release, its date.",
	Doc: `A captured copy in sources/captured/ is verified against the sha256 that
sources.json records, so an edit by mistake stops the scrape. After
replacing a copy on purpose, accept records its new sha256; then run
scrape.

A capture is of one release. A page captured for a new release says so
with -effective, the date of the rules it shows: scrape then records it
as that release, beside the release the old capture recorded, which
stays as it is. Without -effective the capture keeps its release, and a
capture that says something else than the recorded release is refused by
scrape (a correction of the capture is scrape -amend lang@date).`,
	Examples: []string{
		"scrape accept -effective 2027-01-22 sources/captured/rule-205.3-es.txt   # a page of a new release",
		"scrape accept sources/captured/rule-205.3-es.txt                         # the same release, captured again",
	},
	Flags: func(fs *flag.FlagSet) {
		acceptFlags.register(fs, true, false)
		fs.StringVar(&acceptFlags.effective, "effective", "", "effective `date` (YYYY-MM-DD) of the release the captured copies show, when it is a new one")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) == 0 {
			return cli.Usagef("no files given: name the captured copies to accept")
		}
		if acceptFlags.effective != "" {
			if err := checkDate("effective", acceptFlags.effective); err != nil {
				return err
			}
		}
		m, err := sources.Load(acceptFlags.sources)
		if err != nil {
			return err
		}
		for _, path := range args {
			src, err := m.Accept(path)
			if err != nil {
				return err
			}
			if acceptFlags.effective != "" {
				src.Effective = acceptFlags.effective
			}
			release := src.Effective
			if release == "" {
				release = "as the document states"
			}
			fmt.Fprintf(stdout, "%s: source %s, release %s, sha256 %s\n", path, src.ID, release, src.Captured.SHA256)
		}
		b, err := m.Marshal()
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(acceptFlags.sources, "sources.json"), b, 0o644)
	},
}
