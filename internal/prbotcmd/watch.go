package prbotcmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/prbot"
)

var keepAliveFlags struct {
	common
	workflow string
}

var keepAliveCommand = &cli.Command{
	Name:    "prbot keepalive",
	Summary: "Enable a workflow again, so that GitHub does not disable its schedule after 60 days without activity.",
	Doc: `keepalive asks GitHub to enable -workflow (a file name under
.github/workflows). GitHub disables a scheduled workflow of a public
repository after 60 days without activity, and releases of the rules are
often further apart; the refresh runs this after every run. It needs the
token's actions: write permission.

` + envDoc,
	Examples: []string{"prbot keepalive -workflow refresh.yml"},
	Flags: func(fs *flag.FlagSet) {
		keepAliveFlags.registerBot(fs)
		fs.StringVar(&keepAliveFlags.workflow, "workflow", "refresh.yml", "workflow `file` name")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) > 0 {
			return cli.Usagef("unexpected arguments %q: keepalive takes flags only", args)
		}
		bot, err := keepAliveFlags.bot(stderr)
		if err != nil {
			return err
		}
		res, err := bot.KeepAlive(ctx, keepAliveFlags.workflow)
		if err != nil {
			return err
		}
		return printActions(stdout, res)
	},
}

var outcomeFlags struct {
	common
	workflow, step, logFile, run string
	failed                       bool
}

var outcomeCommand = &cli.Command{
	Name:    "prbot outcome",
	Summary: "Keep one open issue while a workflow fails; close it when it succeeds.",
	Doc: `outcome reports how a run of -workflow ended. With -failed it opens the
one issue labelled rules-WORKFLOW-failed (` + prbot.FailureLabel + ` for the
refresh), or updates it with a comment that the run failed again, naming
-step and the last lines of -log; without, it closes that issue, saying
which run succeeded. Only issues the bot opened are touched, and each
workflow's own.

` + envDoc,
	Examples: []string{
		`prbot outcome -failed -step scrape -log "$RUNNER_TEMP/steps/failed.log" -run "$RUN_URL"`,
		`prbot outcome -run "$RUN_URL"`,
	},
	Flags: func(fs *flag.FlagSet) {
		outcomeFlags.registerBot(fs)
		fs.StringVar(&outcomeFlags.workflow, "workflow", "refresh", "the workflow's `name`")
		fs.BoolVar(&outcomeFlags.failed, "failed", false, "the run failed")
		fs.StringVar(&outcomeFlags.step, "step", "", "the `step` that failed (with -failed)")
		fs.StringVar(&outcomeFlags.logFile, "log", "", "`file` with what the failed step printed; its last 60 lines are quoted")
		fs.StringVar(&outcomeFlags.run, "run", "", "the `URL` of the run")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) > 0 {
			return cli.Usagef("unexpected arguments %q: outcome takes flags only", args)
		}
		bot, err := outcomeFlags.bot(stderr)
		if err != nil {
			return err
		}
		var res *prbot.Result
		if outcomeFlags.failed {
			f := prbot.Failure{Workflow: outcomeFlags.workflow, Step: outcomeFlags.step, RunURL: outcomeFlags.run}
			if f.Step == "" {
				f.Step = "(unknown: a step before the project's own)"
			}
			if outcomeFlags.logFile != "" {
				b, err := os.ReadFile(outcomeFlags.logFile)
				if err != nil && !os.IsNotExist(err) {
					return fmt.Errorf("-log: %w", err)
				}
				f.Error = lastLines(string(b), 60)
			}
			res, err = bot.ReportFailure(ctx, f)
		} else {
			res, err = bot.ReportSuccess(ctx, outcomeFlags.workflow, outcomeFlags.run)
		}
		if err != nil {
			return err
		}
		return printActions(stdout, res)
	},
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
