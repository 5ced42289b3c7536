// Command future applies a derived rules release to a copy of the
// project, as the manual recipe does; make released runs it. Run
// "future -h" for its manual.
package main

import (
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/future"
)

func main() { cli.Exit(future.Command) }
