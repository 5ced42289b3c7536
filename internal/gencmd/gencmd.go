// Package gencmd is the gen command: it writes the Go packages under
// generated/ from the snapshots. cmd/gen only calls Command.Main.
package gencmd

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/gen"
)

var flags struct {
	snapshots, out string
	check          bool
}

// Command is gen.
var Command = &cli.Command{
	Name:    "gen",
	Summary: "Write the Go packages under generated/ from the snapshots, offline and byte-deterministic.",
	Doc: `gen reads snapshots/current/{en,es}.json and the history in snapshots/en/
and snapshots/es/, and writes the tables of generated/ (constants,
names, history of every name); the validators beside them are
hand-written and read those tables. Values never move: a name keeps the
number it got when the rules first listed it, and a name the rules drop
keeps its constant, marked Deprecated. Two runs on the same snapshots
write the same bytes; -check writes nothing and fails if generated/ is
not what gen would write.`,
	Examples: []string{"gen", "gen -check   # in CI: generated/ is up to date"},
	Exit:     []string{"1 also: generated/ is stale (with -check)"},
	Flags: func(fs *flag.FlagSet) {
		fs.StringVar(&flags.snapshots, "snapshots", "snapshots", "snapshot `directory`")
		fs.StringVar(&flags.out, "out", "generated", "output `directory`")
		fs.BoolVar(&flags.check, "check", false, "write nothing; fail if the output is not up to date")
	},
	Run: run,
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: gen takes flags only", args)
	}
	files, err := gen.Files(flags.snapshots, flags.out)
	if err != nil {
		return err
	}
	if flags.check {
		stale, err := gen.Stale(files, flags.out)
		if err != nil {
			return err
		}
		if len(stale) > 0 {
			return &gen.StaleError{Paths: stale}
		}
		fmt.Fprintln(stdout, flags.out+"/ is up to date")
		return nil
	}
	changed, err := gen.Write(files, flags.out)
	if err != nil {
		return err
	}
	for _, c := range changed {
		fmt.Fprintln(stdout, "wrote", c)
	}
	if len(changed) == 0 {
		fmt.Fprintln(stdout, flags.out+"/ is up to date")
	}
	return nil
}
