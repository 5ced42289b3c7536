package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/sources"
)

// acceptFlags are one invocation's flags.
type acceptFlags struct {
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
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(acceptFlags)
		f.register(fs, true, false)
		fs.StringVar(&f.effective, "effective", "", "effective `date` (YYYY-MM-DD) of the release the captured copies show, when it is a new one")
		return f.run
	},
}

func (f *acceptFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) == 0 {
		return cli.Usagef("no files given: name the captured copies to accept")
	}
	if f.effective != "" {
		if err := checkDate("effective", f.effective); err != nil {
			return err
		}
	}
	if err := cli.InRepository(f.sources, "sources"); err != nil {
		return err
	}
	m, err := sources.Load(f.sources)
	if err != nil {
		return err
	}
	for _, path := range args {
		src, err := m.Accept(path)
		if err != nil {
			return err
		}
		if f.effective != "" {
			src.Effective = f.effective
		}
		release := src.Effective
		if release == "" {
			release = "as the document states"
		}
		fmt.Fprintf(env.Stdout, "%s: source %s, release %s, sha256 %s\n", path, src.ID, release, src.Captured.SHA256)
	}
	b, err := m.Marshal()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(f.sources, "sources.json"), b, 0o644)
}
