// Command prbot opens or updates the refresh pull request and keeps the
// diff comment on pull requests, for the GitHub workflows. Run "prbot -h"
// for its manual.
package main

import (
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/prbotcmd"
)

func main() { cli.Exit(prbotcmd.Command) }
