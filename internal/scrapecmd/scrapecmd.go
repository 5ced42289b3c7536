// Package scrapecmd is the scrape command: it refreshes snapshots/ from
// the sources, and extracts, imports, compares and explains snapshots.
// cmd/scrape only calls Command.Main.
//
// One file per subcommand (refresh.go is scrape itself; extract, import,
// diff, report, history, accept), each flags, checks of its arguments and
// calls into the stage that does the work: reading and guarding in
// package scrape, recognising a document in sources, comparing in diff,
// rendering in report. The layer of internal/*cmd packages earns its
// place over x/net's main1() error: Command.Main takes its arguments, its
// Env (streams, environment) and context, and each run parses its flags
// into values of its own, so the tests run every subcommand in process
// and in parallel (exit statuses, messages, files written, loopback
// servers for -live), hundreds of runs without a build or a process each,
// and the manual pages, flag errors and exit statuses come from one place
// (package cli) for all five commands.
package scrapecmd

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/fetch"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// Exit status of diff, report and probe when something changed, with
// -exit-code.
const exitChanged = 3

// exitCode is -exit-code, shared by the commands that answer whether
// something changed. Without it they exit 0 whenever they worked, so a
// caller that checks the status (set -e, Python's check=True) sees only
// failures; with it, 3 says something changed, as git diff --exit-code
// says it with 1.
type exitCode bool

func (e *exitCode) register(fs *flag.FlagSet) {
	fs.BoolVar((*bool)(e), "exit-code", false, "exit 3 when something changed, 0 when nothing did (as git diff --exit-code)")
}

// status is the command's outcome once it worked.
func (e exitCode) status(changed bool) error {
	if changed && bool(e) {
		return &cli.StatusError{Code: exitChanged}
	}
	return nil
}

// Command is scrape and its subcommands.
var Command = &cli.Command{
	Name:    "scrape",
	Summary: "Refresh snapshots/ from the Comprehensive Rules sources declared in sources/sources.json.",
	Doc: `Without a command, scrape reads every source (the captured copies in
sources/, or with -live the live pages), extracts the card types (205.2a),
subtypes (205.3), supertypes (205.4a) and mana symbols (107.4) in English
and Spanish, pairs the Spanish names with the English ones, and writes
snapshots/<lang>/<date>.json and snapshots/current/<lang>.json. It prints
what changed; -v prints what it read as well.

Nothing is written unless every source was read and every fact found; an
update that empties a list or shrinks it suspiciously, against the
release before it, is refused unless -allow-shrink is given.

A recorded release (snapshots/<lang>/<date>.json) is never rewritten: a
read of it that says something else (a live page re-served broken, a
capture replaced without a new date) is refused before anything is
written, naming what differs. A correction on purpose is -amend
lang@date; a capture of a new release says its date with scrape accept
-effective. A live document older than the newest recorded release is
refused. Names are given as lang@date (en@2024-07-30) or lang@current
where a snapshot is expected.`,
	Examples: []string{
		"scrape                         # offline, from sources/ (what make regen runs)",
		"scrape -live                   # fetch every source that has a URL",
		"scrape -amend en@2026-09-25    # correct a recorded release on purpose",
		"scrape diff en@2024-04-12 en@2024-07-30",
		"scrape history 'Time Lord'",
	},
	Flags: registerRefresh,
}

// subcommands are scrape's commands, in the order its manual lists them.
var subcommands = []*cli.Command{extractCommand, importCommand, diffCommand, reportCommand, historyCommand, ruleCommand, glossaryCommand, traceCommand, searchCommand, pairCommand, acceptCommand, exportCommand, siteCommand, probeCommand}

func init() {
	Command.Subcommands = subcommands
}

// common flags.
type dirs struct {
	sources, snapshots string
	maxBytes           int64
}

func (d *dirs) register(fs *flag.FlagSet, withSources, withSnapshots bool) {
	if withSources {
		fs.StringVar(&d.sources, "sources", "sources", "`directory` of sources.json and the captured copies")
	}
	if withSnapshots {
		fs.StringVar(&d.snapshots, "snapshots", "snapshots", "snapshot `directory`")
	}
	if withSources {
		fs.Int64Var(&d.maxBytes, "max-bytes", fetch.DefaultMaxBytes, "largest source document, fetched or read from disk, in `bytes`")
	}
}

func (d *dirs) check() error {
	if d.maxBytes <= 0 {
		return cli.Usagef("-max-bytes %d: want a positive number of bytes", d.maxBytes)
	}
	return nil
}

// resolve reads a snapshot by file or lang@date, saying what it expected
// when the file is not one.
func resolve(store snapshot.Store, name string) (*snapshot.Snapshot, error) {
	if strings.Contains(name, "@") && !strings.ContainsAny(name, `/\`) {
		if err := cli.InRepository(store.Dir, "snapshots"); err != nil {
			return nil, err
		}
	}
	s, err := store.Resolve(name)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	if errors.As(err, &se) || errors.As(err, &te) {
		return nil, fmt.Errorf("%s is not a snapshot file (expected the JSON scrape writes, like snapshots/en/2026-02-27.json): %w", name, err)
	}
	return s, err
}
