package future

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/mtgrules/crgen/internal/cli"
)

// Defaults are the futures make test rehearses (TestFutures): between
// them every kind of change, combined, in one release and in two in a
// row, a Spanish page late, a rewording refused, a release completed
// from its TXT, a release amended. They are chosen, not drawn, so that no change of the tree
// or of the tests' words can leave a kind out.
var Defaults = []Future{
	{Seed: 1, Releases: []Release{
		{Changes: []string{KindAddNames, "remove names", "rename with evidence", "move between categories", "new category"}},
		// What a category may drop is a small one of the release before:
		// battle, or the one just added (Undercity is named outside its list).
		{Changes: []string{"drop a category", "retranslate", KindNewKeyword}, Late: true, Probe: true},
		{Changes: []string{KindAmend}},
	}},
	{Seed: 2, Releases: []Release{
		{Changes: []string{KindComplete}},
		{Changes: []string{"rename a category", "new group of mana symbols", KindNewKeyword, KindAcross}, Spanish: true},
	}},
}

// Released are the releases CI applies to clones of the project (make
// released), each committed, before running make test there: the tree
// after a release must pass everything the tree before it did. Each is
// one release of a kind that has broken the project's own tests before:
// an official TXT completing a release recorded from rule pages (then
// read again with a correction, amending it), a subtype category Spanish
// does not have yet, names added and removed in many lists at once.
var Released = map[string]Future{
	"completion":       {Seed: 3, Releases: []Release{{Changes: []string{KindComplete}}, {Changes: []string{KindAmend}}}},
	"category":         {Seed: 4, Releases: []Release{{Changes: []string{"new category"}}}},
	"names-everywhere": {Seed: 5, Releases: []Release{{Changes: []string{KindAcross}}}},
}

// Command applies a named release of Released to a copy of the project.
var Command = &cli.Command{
	Name:    "future",
	Args:    "NAME DIR",
	Summary: "Apply a derived rules release to a copy of the project, as the manual recipe does.",
	Doc: `future derives the release NAME from the project at DIR (its current
snapshots: whatever releases it already took in) and applies it to DIR
as docs/maintaining.md's "Updating by hand" does (scrape import of the
release's TXT, the rule pages it publishes, gen), printing what the
release changed. DIR is changed in place: give it a clone. make released
applies each release to a clone of its own, commits it and runs make test
there. A development tool, not installed with the commands.

The releases: ` + fmt.Sprint(slices.Sorted(maps.Keys(Released))) + `.`,
	Examples: []string{"future completion /tmp/clone", "future -list"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		list := fs.Bool("list", false, "print the names of the releases, one a line, and exit")
		return func(ctx context.Context, args []string, env cli.Env) error {
			if *list {
				for _, n := range slices.Sorted(maps.Keys(Released)) {
					fmt.Fprintln(env.Stdout, n)
				}
				return nil
			}
			if len(args) != 2 {
				return cli.Usagef("want NAME DIR")
			}
			fu, ok := Released[args[0]]
			if !ok {
				return cli.Usagef("no release %q: want one of %v", args[0], slices.Sorted(maps.Keys(Released)))
			}
			return applyAll(args[1], fu, env)
		}
	},
}

func applyAll(dir string, fu Future, env cli.Env) error {
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return errors.New(dir + " is not the root of a copy of the project (no go.mod)")
	}
	tmp, err := os.MkdirTemp("", "future-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	f := NewTree(dir, tmp)
	steps, err := Plan(dir, f.Store, fu)
	if err != nil {
		return err
	}
	fmt.Fprint(env.Stdout, Describe(fu.Seed, steps))
	for i := range steps {
		if err := f.Apply(steps, i); err != nil {
			return fmt.Errorf("release %d: %w", i+1, err)
		}
	}
	return nil
}
