package prbotcmd

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/prbot"
)

// keepAliveFlags are one invocation's flags.
type keepAliveFlags struct {
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
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(keepAliveFlags)
		f.registerBot(fs)
		fs.StringVar(&f.workflow, "workflow", "refresh.yml", "workflow `file` name")
		return f.run
	},
}

func (f *keepAliveFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: keepalive takes flags only", args)
	}
	bot, err := f.bot(env)
	if err != nil {
		return err
	}
	res, err := bot.KeepAlive(ctx, f.workflow)
	if err != nil {
		return err
	}
	return printActions(env.Stdout, res)
}

// outcomeFlags are one invocation's flags.
type outcomeFlags struct {
	common
	workflow, step, logFile, runURL string
	failed                          bool
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
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(outcomeFlags)
		f.registerBot(fs)
		fs.StringVar(&f.workflow, "workflow", "refresh", "the workflow's `name`")
		fs.BoolVar(&f.failed, "failed", false, "the run failed")
		fs.StringVar(&f.step, "step", "", "the `step` that failed (with -failed)")
		fs.StringVar(&f.logFile, "log", "", "`file` with what the failed step printed; its last 60 lines are quoted")
		fs.StringVar(&f.runURL, "run", "", "the `URL` of the run")
		return f.run
	},
}

func (f *outcomeFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: outcome takes flags only", args)
	}
	bot, err := f.bot(env)
	if err != nil {
		return err
	}
	var res *prbot.Result
	if f.failed {
		failure := prbot.Failure{Workflow: f.workflow, Step: f.step, RunURL: f.runURL}
		if failure.Step == "" {
			failure.Step = "(unknown: a step before the project's own)"
		}
		if f.logFile != "" {
			b, err := os.ReadFile(f.logFile)
			if err != nil && !os.IsNotExist(err) {
				return fmt.Errorf("-log: %w", err)
			}
			failure.Error = lastLines(string(b), 60)
		}
		res, err = bot.ReportFailure(ctx, failure)
	} else {
		res, err = bot.ReportSuccess(ctx, f.workflow, f.runURL)
	}
	if err != nil {
		return err
	}
	return printActions(env.Stdout, res)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
