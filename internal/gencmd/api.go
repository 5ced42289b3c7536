package gencmd

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/mtgrules/crgen/internal/apicheck"
	"github.com/mtgrules/crgen/internal/cli"
)

// apiFlags are one invocation's flags.
type apiFlags struct {
	json string
}

var apiCommand = &cli.Command{
	Name:    "gen api",
	Args:    "OLD_ROOT NEW_ROOT",
	Summary: "Compare the Go API of generated/ in two module trees (apidiff): fail on an incompatible change.",
	Doc: `api type-checks the public packages under generated/ of two trees of the
module (each a directory with go.mod and generated/; nothing is run) and
prints apidiff's verdict: the constants added, those newly deprecated,
other compatible changes, and every incompatible change, one per line. A
changed constant value, a removed constant or package is incompatible:
users' stored values would change meaning. -json also writes the verdict
for scrape report -api.`,
	Examples: []string{
		`gen api -json "$RUNNER_TEMP/api.json" "$RUNNER_TEMP/old-api" .`,
	},
	Exit: []string{"1 also: an incompatible change (listed on stderr)"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(apiFlags)
		fs.StringVar(&f.json, "json", "", "also write the verdict as JSON to `file`")
		return f.run
	},
}

func (f *apiFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) != 2 {
		return cli.Usagef("need OLD_ROOT and NEW_ROOT, two module trees holding generated/; got %d arguments", len(args))
	}
	v, err := apicheck.Compare(args[0], args[1])
	if err != nil {
		return err
	}
	if f.json != "" {
		if err := v.Write(f.json); err != nil {
			return err
		}
	}
	fmt.Fprintln(env.Stdout, "Go API: "+v.Summary())
	for _, c := range v.Compatible {
		fmt.Fprintln(env.Stdout, "  compatible: "+c)
	}
	if !v.OK() {
		return fmt.Errorf("incompatible changes to the Go API of generated/:\n  %s", strings.Join(v.Incompatible, "\n  "))
	}
	return nil
}
