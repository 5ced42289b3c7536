// Package gencmd is the gen command: it writes the Go packages under
// generated/ from the snapshots. cmd/gen only calls Command.Main.
package gencmd

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/gen"
)

// genFlags are one invocation's flags.
type genFlags struct {
	snapshots, out, baseRecord string
	check, newRecord           bool
}

// Command is gen.
var Command = &cli.Command{
	Name:    "gen",
	Summary: "Write the Go packages under generated/ from the snapshots, offline and byte-deterministic.",
	Doc: `gen reads snapshots/current/{en,es}.json and the history in snapshots/en/
and snapshots/es/, and writes the tables of generated/ (constants,
names, history of every name); the validators beside them are
hand-written and read those tables. Values never move: every constant's
value is recorded in generated/values.json, which gen reads and only
appends to (a name it has not seen gets the next value of its list), and
a name the rules drop keeps its constant, marked Deprecated. Two runs on
the same snapshots write the same bytes; -check writes nothing and fails
if generated/ is not what gen would write; -base-record fails if the
record loses or changes an entry of an earlier one (CI gives it the base
branch's).`,
	Examples: []string{
		"gen",
		"gen -check   # in CI: generated/ is up to date",
		"git show origin/main:generated/values.json > /tmp/base.json && gen -check -base-record /tmp/base.json",
	},
	Exit: []string{"1 also: generated/ is stale (with -check)"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(genFlags)
		fs.StringVar(&f.snapshots, "snapshots", "snapshots", "snapshot `directory`")
		fs.StringVar(&f.out, "out", "generated", "output `directory`")
		fs.BoolVar(&f.check, "check", false, "write nothing; fail if the output is not up to date")
		fs.StringVar(&f.baseRecord, "base-record", "", "a values record `file` (an earlier generated/values.json) whose every entry this generation must keep")
		fs.BoolVar(&f.newRecord, "new-record", false, "start a new values record, numbering every name afresh (only for a project without users)")
		return f.run
	},
}

func init() { Command.Subcommands = []*cli.Command{apiCommand} }

func (f *genFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: gen takes flags only", args)
	}
	if err := cli.InRepository(f.snapshots, "snapshots"); err != nil {
		return err
	}
	recPath := filepath.Join(f.out, gen.RecordFile)
	rec := gen.NewRecord()
	if !f.newRecord {
		var err error
		if rec, err = gen.LoadRecord(recPath); err != nil {
			return err
		}
	} else if _, err := os.Stat(recPath); err == nil {
		return fmt.Errorf("-new-record: %s exists; its values are what users hold, and gen only appends to it", recPath)
	}
	files, err := gen.FilesWith(f.snapshots, f.out, rec)
	if err != nil {
		return err
	}
	if f.baseRecord != "" {
		data, err := os.ReadFile(f.baseRecord)
		if err != nil {
			return err
		}
		base, err := gen.ParseRecord(data)
		if err != nil {
			return fmt.Errorf("%s: %w", f.baseRecord, err)
		}
		if lost := rec.Lost(base); len(lost) > 0 {
			return &gen.LostError{Base: f.baseRecord, Entries: lost}
		}
	}
	if f.check {
		stale, err := gen.Stale(files, f.out)
		if err != nil {
			return err
		}
		if len(stale) > 0 {
			return &gen.StaleError{Paths: stale}
		}
		fmt.Fprintln(env.Stdout, f.out+"/ is up to date")
		return nil
	}
	changed, err := gen.Write(files, f.out)
	if err != nil {
		return err
	}
	for _, c := range changed {
		fmt.Fprintln(env.Stdout, "wrote", c)
	}
	if len(changed) == 0 {
		fmt.Fprintln(env.Stdout, f.out+"/ is up to date")
	}
	return nil
}
