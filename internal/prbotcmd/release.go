package prbotcmd

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/prbot"
)

// releaseFlags are one invocation's flags.
type releaseFlags struct {
	common
	sha, previous, apiFile, notesFile, date, branch, changelog string
	assets                                                     []string
}

var releaseCommand = &cli.Command{
	Name:    "prbot release",
	Summary: "Tag the next version of the module on a commit, publish its GitHub release and record it in CHANGELOG.md.",
	Doc: `release chooses the version after -previous from the Go API verdict
-api (gen api -json): minor when names were added or deprecated, patch
when only texts or code changed; an incompatible verdict is refused,
never a major version. Without -previous it is the first release, ` + prbot.FirstVersion + `.
It publishes the GitHub release of that version on -sha with the notes
of -notes (which creates the tag), then adds the same notes to
-changelog on -branch in one commit. Each -asset file is attached to
the release under its base name while it is a draft, before it is
published, so a published release always has its files. Each step is
skipped when done, so a rerun finishes a failed run and creates nothing
twice: a file attached already with the same bytes is left alone, one
with the same name and other bytes (or an unfinished upload) is deleted
and uploaded again. A run that fails before publishing leaves only a
draft release, and no tag.

` + envDoc,
	Examples: []string{
		`prbot release -sha "$(git rev-parse HEAD)" -previous v1.2.0 -api api.json -notes notes.md`,
		`prbot release -sha "$(git rev-parse HEAD)" -notes notes.md   # the first release`,
		`prbot release -sha "$(git rev-parse HEAD)" -previous v1.2.0 -api api.json -notes notes.md -asset out/Keywords.en.json -asset out/CardTypes.en.json`,
	},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(releaseFlags)
		f.registerBot(fs)
		fs.StringVar(&f.sha, "sha", "", "the `commit` to tag (required)")
		fs.StringVar(&f.previous, "previous", "", "the newest `version` tagged before -sha; empty for the first release")
		fs.StringVar(&f.apiFile, "api", "", "the Go API verdict from -previous to -sha, a `file` written by gen api -json (required with -previous)")
		fs.StringVar(&f.notesFile, "notes", "", "Markdown `file` with the release notes: the rules report (required)")
		fs.StringVar(&f.date, "date", "", "the `date` (YYYY-MM-DD) of the changelog entry (default today, UTC)")
		fs.StringVar(&f.branch, "branch", "main", "the `branch` holding the changelog")
		fs.StringVar(&f.changelog, "changelog", "CHANGELOG.md", "the changelog's `file` name, at the top of the tree")
		fs.Func("asset", "a `file` to attach to the release under its base name (repeatable)", func(s string) error {
			f.assets = append(f.assets, s)
			return nil
		})
		return f.run
	},
}

func (f *releaseFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: release takes flags only", args)
	}
	if f.sha == "" || f.notesFile == "" {
		return cli.Usagef("-sha and -notes are required: the commit to tag and its notes")
	}
	if (f.previous == "") != (f.apiFile == "") {
		return cli.Usagef("-previous and -api go together: the verdict is on the API since the previous version")
	}
	date := f.date
	if date == "" {
		date = time.Now().UTC().Format(time.DateOnly)
	} else if _, err := time.Parse(time.DateOnly, date); err != nil {
		return cli.Usagef("-date %q is not YYYY-MM-DD", date)
	}
	notes, err := os.ReadFile(f.notesFile)
	if err != nil {
		return fmt.Errorf("-notes: %w", err)
	}
	opt := prbot.ReleaseOptions{SHA: f.sha, Previous: f.previous, Notes: string(notes), Date: date, Branch: f.branch, Changelog: f.changelog}
	for _, file := range f.assets {
		content, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("-asset: %w", err)
		}
		opt.Assets = append(opt.Assets, prbot.Asset{Name: filepath.Base(file), Content: content})
	}
	if f.apiFile != "" {
		if opt.API, err = apiverdict.Read(f.apiFile); err != nil {
			return fmt.Errorf("-api: %w", err)
		}
	}
	bot, err := f.bot(env)
	if err != nil {
		return err
	}
	res, err := bot.Release(ctx, opt)
	if err != nil {
		return err
	}
	return printActions(env.Stdout, res)
}
