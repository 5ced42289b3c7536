// Package prbotcmd is the prbot command of the GitHub workflows: it opens
// or updates the refresh pull request and keeps the diff comment on pull
// requests. cmd/prbot only calls Command.Main.
package prbotcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/prbot"
)

const envDoc = `It reads GITHUB_TOKEN (not needed with -dry-run on a public repository),
GITHUB_REPOSITORY (owner/name) and GITHUB_API_URL (default
https://api.github.com/), as GitHub Actions sets them. The token is never
printed.`

// Command is prbot and its subcommands.
var Command = &cli.Command{
	Name:    "prbot",
	Summary: "Keep the refresh pull request and the snapshot-diff comment of the GitHub workflows up to date.",
	Doc: `prbot talks to the GitHub REST API for the workflows in .github/workflows:
refresh commits the changed files on a fixed branch and opens or updates
one pull request; comment keeps one diff comment on a pull request;
keepalive keeps the refresh's schedule enabled; outcome keeps one issue
open while a workflow fails; release tags the next version with its
GitHub release and changelog entry. Each can run again and again: a run that
finds everything as it should be writes nothing. Requests are retried on 5xx, 429, rate limits and
connection errors, waiting up to five minutes at a time.

` + envDoc,
	Examples: []string{
		"prbot refresh -body-file body.md snapshots/current/en.json generated/subtype/tables.go",
		"prbot comment -pr 42 -body-file body.md",
		"prbot refresh -dry-run -body-file body.md snapshots/current/en.json",
	},
}

func init() {
	Command.Subcommands = []*cli.Command{refreshCommand, commentCommand, keepAliveCommand, outcomeCommand, releaseCommand}
}

type common struct {
	bodyFile, login string
	dryRun          bool
}

func (c *common) register(fs *flag.FlagSet) {
	fs.StringVar(&c.bodyFile, "body-file", "", "Markdown `file` with the body (required)")
	c.registerBot(fs)
}

// registerBot registers the flags of every command that talks to GitHub.
func (c *common) registerBot(fs *flag.FlagSet) {
	fs.BoolVar(&c.dryRun, "dry-run", false, "print what would be done; write nothing")
	fs.StringVar(&c.login, "bot-login", "github-actions[bot]", "the bot's `login`: only comments and issues it wrote are ever edited")
}

func (c *common) body() (string, error) {
	if c.bodyFile == "" {
		return "", cli.Usagef("-body-file is required: the Markdown body to post")
	}
	b, err := os.ReadFile(c.bodyFile)
	if err != nil {
		return "", fmt.Errorf("-body-file: %w", err)
	}
	return string(b), nil
}

// bot talks to the repository the invocation's environment names.
func (c *common) bot(env cli.Env) (*prbot.Bot, error) {
	return prbot.New(prbot.EnvFrom(env.Getenv), c.login, env.Stderr, prbot.Options{DryRun: c.dryRun})
}

// refreshFlags are one invocation's flags.
type refreshFlags struct {
	common
	base, branch, title, label, message string
}

var refreshCommand = &cli.Command{
	Name:    "prbot refresh",
	Args:    "PATH...",
	Summary: "Commit PATHs on the refresh branch and open or update its pull request; with no PATH, close it.",
	Doc: `refresh builds one commit on top of the base branch's head holding PATH...
as they are in the working tree (a missing path is deleted), force-updates
the branch, and opens or updates the pull request from it, labelled. A
run with the same files on the same base writes nothing. With no PATH
the change disappeared: the open pull request is closed.

` + envDoc,
	Examples: []string{"prbot refresh -body-file body.md snapshots/current/en.json"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(refreshFlags)
		f.register(fs)
		fs.StringVar(&f.base, "base", "main", "base `branch`")
		fs.StringVar(&f.branch, "branch", "crgen/refresh", "`branch` of the refresh pull request")
		fs.StringVar(&f.title, "title", "Comprehensive Rules update", "pull request `title`")
		fs.StringVar(&f.label, "label", "rules-update", "`label` of the pull request")
		fs.StringVar(&f.message, "message", "", "commit `message` (default: the title)")
		return f.run
	},
}

func (f *refreshFlags) run(ctx context.Context, args []string, env cli.Env) error {
	body, err := f.body()
	if err != nil {
		return err
	}
	files, err := readFiles(".", args)
	if err != nil {
		return err
	}
	bot, err := f.bot(env)
	if err != nil {
		return err
	}
	res, err := bot.Refresh(ctx, prbot.RefreshOptions{Base: f.base, Branch: f.branch, Title: f.title,
		Body: body, Label: f.label, CommitMessage: f.message, Files: files})
	if err != nil {
		return err
	}
	return printActions(env.Stdout, res)
}

// commentFlags are one invocation's flags.
type commentFlags struct {
	common
	pr int
}

var commentCommand = &cli.Command{
	Name:    "prbot comment",
	Summary: "Keep one snapshot-diff comment on a pull request.",
	Doc: `comment edits the bot's own diff comment on pull request -pr (only a
comment that ends with the bot's marker and was written by -bot-login),
or creates it; comments by anyone else are never touched.

` + envDoc,
	Examples: []string{"prbot comment -pr 42 -body-file body.md"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(commentFlags)
		f.register(fs)
		fs.IntVar(&f.pr, "pr", 0, "pull request `number` (required)")
		return f.run
	},
}

func (f *commentFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: comment takes flags only", args)
	}
	if f.pr <= 0 {
		return cli.Usagef("-pr is required: the number of the pull request to comment on")
	}
	body, err := f.body()
	if err != nil {
		return err
	}
	bot, err := f.bot(env)
	if err != nil {
		return err
	}
	res, err := bot.Comment(ctx, f.pr, body)
	if err != nil {
		return err
	}
	return printActions(env.Stdout, res)
}

func printActions(w io.Writer, res *prbot.Result) error {
	for _, a := range res.Actions {
		if _, err := fmt.Fprintln(w, a); err != nil {
			return err
		}
	}
	return nil
}

// readFiles reads the changed paths from the working tree at root (the
// command's is "."); a path that no longer exists is a deletion.
func readFiles(root string, paths []string) ([]prbot.File, error) {
	var out []prbot.File
	for _, p := range paths {
		clean := filepath.ToSlash(filepath.Clean(p))
		if filepath.IsAbs(p) || strings.HasPrefix(clean, "../") || clean == ".." {
			return nil, cli.Usagef("%s: paths must be inside the repository", p)
		}
		b, err := os.ReadFile(filepath.Join(root, p))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out = append(out, prbot.File{Path: clean, Delete: true})
		case err != nil:
			return nil, err
		default:
			out = append(out, prbot.File{Path: clean, Content: b})
		}
	}
	return out, nil
}
