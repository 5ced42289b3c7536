package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/mtgrules/crgen/generated/rules"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// extractFlags are one invocation's flags.
type extractFlags struct {
	dirs
	lang, effective string
}

var extractCommand = &cli.Command{
	Name:    "scrape extract",
	Args:    "FILE...",
	Summary: "Print the snapshot of one release's documents as JSON.",
	Doc: `extract reads FILEs (an official CR TXT, or rule pages in plain text or
HTML) of one language and one release, and prints the snapshot they make
on standard output. Captured copies declared in sources.json are
recognised by their sha256; other files by their content. Rule pages
that do not state their effective date need -effective.`,
	Examples: []string{
		"scrape extract ../shared/corpus/cr-en/en-20260227.txt",
		"scrape extract -lang es -effective 2026-09-25 page-205.3.txt",
	},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(extractFlags)
		f.register(fs, true, false)
		fs.StringVar(&f.lang, "lang", "", "language of the files: en or es (default: from sources.json, else en)")
		fs.StringVar(&f.effective, "effective", "", "effective `date` (YYYY-MM-DD) of rule pages that do not state it")
		return f.run
	},
}

// checkDate refuses anything but a real calendar date.
func checkDate(flagName, s string) error {
	if err := rules.CheckDate(s); err != nil {
		return cli.Usagef("-%s: %v", flagName, err)
	}
	return nil
}

func (f *extractFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) == 0 {
		return cli.Usagef("no files given")
	}
	if err := f.check(); err != nil {
		return err
	}
	if f.lang != "" {
		if err := cli.OneOf("lang", f.lang, snapshot.Languages...); err != nil {
			return err
		}
	}
	if f.effective != "" {
		if err := checkDate("effective", f.effective); err != nil {
			return err
		}
	}
	m, _ := sources.Load(f.sources) // optional: only used to recognise files
	var snaps []*snapshot.Snapshot
	for _, path := range args {
		data, err := sources.ReadFile(path, f.maxBytes)
		if err != nil {
			return err
		}
		src, sum := sources.Identify(m, data, path)
		if f.lang != "" {
			if src.Lang != "" && src.Lang != f.lang {
				return fmt.Errorf("%s is source %s, which is in %s, not %s", path, src.ID, src.Lang, f.lang)
			}
			src.Lang = f.lang
		}
		if src.Lang == "" {
			src.Lang = "en"
		}
		if f.effective != "" {
			src.Effective = f.effective
		}
		if src.Format == sources.FormatHTML && src.Selectors == nil {
			return fmt.Errorf("%s: an HTML page needs selectors: declare it in sources.json", path)
		}
		s, warnings, err := scrape.Read(scrape.Document{Source: src, URL: "file:" + filepath.Base(path), Data: data, SHA256: sum})
		if err != nil {
			return fmt.Errorf("%s: %w%s", path, err, scrape.OtherLanguageHint(src, data))
		}
		for _, w := range warnings {
			fmt.Fprintln(env.Stderr, "warning:", w)
		}
		snaps = append(snaps, s)
	}
	for _, s := range snaps[1:] {
		if s.Lang != snaps[0].Lang || s.Effective != snaps[0].Effective {
			return fmt.Errorf("files are of different releases (%s@%s and %s@%s): extract prints one snapshot", snaps[0].Lang, snaps[0].Effective, s.Lang, s.Effective)
		}
	}
	s, err := scrape.MergeRelease(snaps)
	if err != nil {
		return err
	}
	b, err := snapshot.Marshal(s)
	if err != nil {
		return err
	}
	_, err = env.Stdout.Write(b)
	return err
}
