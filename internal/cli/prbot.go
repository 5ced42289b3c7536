package cli

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

	"github.com/mtgrules/crgen/internal/prbot"
)

const prbotUsage = `usage:
  prbot refresh -body-file F [-base main] [-branch crgen/refresh] [-title T] [-label L] [-dry-run] PATH...
      commit PATH... (as in the working tree; a missing path is deleted) on the branch,
      and open or update the pull request; with no PATH, close it
  prbot comment -pr N -body-file F [-dry-run]
      keep one diff comment on pull request N
Reads GITHUB_TOKEN, GITHUB_REPOSITORY and GITHUB_API_URL.
`

// PRBot runs the prbot command and returns its exit status.
func PRBot(ctx context.Context, args []string, env prbot.Env, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, prbotUsage)
		return 2
	}
	fs := flag.NewFlagSet("prbot "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, prbotUsage); fs.PrintDefaults() }
	bodyFile := fs.String("body-file", "", "Markdown body")
	dryRun := fs.Bool("dry-run", false, "print what would be done; write nothing")
	login := fs.String("bot-login", "github-actions[bot]", "the bot's login: only its comments are edited")
	base := fs.String("base", "main", "base branch")
	branch := fs.String("branch", "crgen/refresh", "branch of the refresh pull request")
	title := fs.String("title", "Comprehensive Rules update", "pull request title")
	label := fs.String("label", "rules-update", "label of the pull request")
	message := fs.String("message", "", "commit message (default: the title)")
	pr := fs.Int("pr", 0, "pull request number (comment)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	body, err := os.ReadFile(*bodyFile)
	if *bodyFile == "" || err != nil {
		fmt.Fprintf(stderr, "prbot: -body-file: %v\n", orMissing(err))
		return 2
	}
	bot, err := prbot.New(env, *login, stderr, prbot.Options{})
	if err != nil {
		fmt.Fprintln(stderr, "prbot:", err)
		return 1
	}
	bot.DryRun = *dryRun
	var res *prbot.Result
	switch args[0] {
	case "refresh":
		files, err := readFiles(fs.Args())
		if err != nil {
			fmt.Fprintln(stderr, "prbot:", err)
			return 1
		}
		res, err = bot.Refresh(ctx, prbot.RefreshOptions{Base: *base, Branch: *branch, Title: *title, Body: string(body), Label: *label, CommitMessage: *message, Files: files})
		if err != nil {
			fmt.Fprintln(stderr, "prbot:", err)
			return 1
		}
	case "comment":
		if *pr <= 0 || fs.NArg() > 0 {
			fmt.Fprintln(stderr, "prbot: comment needs -pr N and no paths")
			return 2
		}
		res, err = bot.Comment(ctx, *pr, string(body))
		if err != nil {
			fmt.Fprintln(stderr, "prbot:", err)
			return 1
		}
	default:
		fmt.Fprint(stderr, prbotUsage)
		return 2
	}
	for _, a := range res.Actions {
		fmt.Fprintln(stdout, a)
	}
	return 0
}

func orMissing(err error) error {
	if err == nil {
		return errors.New("missing")
	}
	return err
}

// readFiles reads the changed paths from the working tree; a path that no
// longer exists is a deletion.
func readFiles(paths []string) ([]prbot.File, error) {
	var out []prbot.File
	for _, p := range paths {
		clean := filepath.ToSlash(filepath.Clean(p))
		if filepath.IsAbs(p) || strings.HasPrefix(clean, "../") || clean == ".." {
			return nil, fmt.Errorf("%s: paths must be inside the repository", p)
		}
		b, err := os.ReadFile(p)
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
