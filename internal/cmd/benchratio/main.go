// Command benchratio prints each benchmark of the project beside its
// baselines, as ratios of medians; make bench runs it. Run
// "benchratio -h" for its manual.
package main

import (
	"github.com/mtgrules/crgen/internal/benchratio"
	"github.com/mtgrules/crgen/internal/cli"
)

func main() { cli.Exit(benchratio.Command) }
