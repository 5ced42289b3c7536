package benchratio

import (
	"context"
	"flag"
	"os"

	"github.com/mtgrules/crgen/internal/cli"
)

// Command is benchratio.
var Command = &cli.Command{
	Name:    "benchratio",
	Args:    "[BENCH.TXT]",
	Summary: "Print each benchmark of the project beside its baselines, as ratios of medians.",
	Doc: `benchratio reads the output of go test -bench (a file, or standard input)
and prints, for every input a benchmark measures, the project's median
time per operation beside each baseline's: "1.8x faster" or "0.9x
SLOWER", with the allocations of both, and a last line counting the
comparisons the project wins. Benchmarks name their implementation in
their path, impl=project or impl=baseline=NAME; the other elements of
the path (mix=printed, release=utf8-newest) name the input. make bench
runs it after go test -count 10.`,
	Examples: []string{"go test -run '^$' -bench . -count 10 ./generated/subtype | benchratio", "benchratio bench.txt"},
	Flags:    func(*flag.FlagSet) cli.Run { return run },
}

func run(ctx context.Context, args []string, env cli.Env) error {
	in := env.Stdin
	switch len(args) {
	case 0:
	case 1:
		f, err := os.Open(args[0])
		if err != nil {
			return err
		}
		defer func() { _ = f.Close() }()
		in = f
	default:
		return cli.Usagef("unexpected arguments %q: give at most one file", args[1:])
	}
	rs, err := Parse(in)
	if err != nil {
		return err
	}
	cs := Compare(rs)
	if len(cs) == 0 {
		return cli.Usagef("no benchmark with impl=project beside an impl=baseline=NAME in the input")
	}
	Write(env.Stdout, cs)
	return nil
}
