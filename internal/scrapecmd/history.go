package scrapecmd

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// historyFlags are one invocation's flags.
type historyFlags struct {
	dirs
	json bool
}

var historyCommand = &cli.Command{
	Name:    "scrape history",
	Args:    "NAME",
	Summary: "Since when and until when a name is in which list, in either language.",
	Doc: `history searches every release in the snapshot directory for NAME (any
case, either apostrophe; a subtype, card type, supertype or mana symbol)
and prints each unbroken period it was listed.`,
	Examples: []string{"scrape history 'Time Lord'", "scrape history tribal", "scrape history -json '{C/W}'"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(historyFlags)
		f.register(fs, false, true)
		fs.BoolVar(&f.json, "json", false, "print JSON")
		return f.run
	},
}

func (f *historyFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if len(args) == 0 {
		return cli.Usagef("no name given")
	}
	name := strings.Join(args, " ")
	store := snapshot.Store{Dir: f.snapshots}
	if err := cli.InRepository(store.Dir, "snapshots"); err != nil {
		return err
	}
	var all []history.Period
	releases := 0
	for _, lang := range snapshot.Languages {
		snaps, err := store.History(lang)
		if err != nil {
			return err
		}
		releases += len(snaps)
		all = append(all, history.Find(snaps, name)...)
	}
	if releases == 0 {
		return fmt.Errorf("no releases in %s: run from the repository root, or give -snapshots DIR", filepath.Join(store.Dir, "{en,es}"))
	}
	if len(all) == 0 {
		return fmt.Errorf("%q is in no list of the %d releases in %s", name, releases, store.Dir)
	}
	cat, err := store.Catalogue()
	if err != nil {
		return err
	}
	history.Annotate(all, cat)
	if f.json {
		enc := json.NewEncoder(env.Stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(all)
	}
	for _, p := range all {
		fmt.Fprintln(env.Stdout, p)
	}
	return nil
}
