package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"

	"github.com/mtgrules/crgen/internal/atomicfile"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/export"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// exportFlags are one invocation's flags.
type exportFlags struct {
	dirs
	format string
	all    bool
}

var exportCommand = &cli.Command{
	Name:    "scrape export",
	Args:    "SNAPSHOT DIR",
	Summary: "Write a release's lists as files for programs in any language: MTGJSON v5's shapes and this project's.",
	Doc: `export writes the lists of SNAPSHOT into DIR, as files any language
reads, each with a JSON Schema in schemas/ (docs/formats.md describes
them): Keywords.json and CardTypes.json in MTGJSON v5's shapes (from the
rules alone: keyword actions 701, keyword abilities 702, ability words
207.2c; one key per card type of 205.2a with its subTypes and
superTypes); Lists.json, the lists MTGJSON has no file for (colours,
permanent types, zones, phases, steps, keyword counters, predefined
tokens); Symbols.json, each mana symbol of 107.4 with its group, colours,
mana value and ways to pay; Snapshot.json, the release itself; and, for
Spanish, Pairs.json, each Spanish name with the English one it
translates. SNAPSHOT is a snapshot file (one scrape extract printed, say)
or a name: lang@date (en@2024-04-12), exported as of that release, or
lang@current.

As of a release: a release recorded from rule pages alone carries some
lists only; the others are those of the newest release before it that
has them, and each file's as_of says which release each list is of.

meta.date is the release's effective date; meta.version names this
producer and the release, "crgen+en.20260925", not an MTGJSON version.
Names keep the rules' spelling ("Urza’s"); colours are a list of
letters in WUBRG order (["W","U"]); keys are snake_case (MTGJSON's own
files keep MTGJSON's). Arrays are never null. A Spanish release is keyed
like the English one (card types by their English name, as MTGJSON
keys every language) and sorted in Spanish order; which card types
share a list is read from the English release of the same date, else
the newest before it. No Spanish source names the keywords: a Spanish
Keywords.json has empty lists.

With -all, DIR gets every recorded release of both languages, each as
of itself, in DIR/<lang>/<date>/, with DIR/History.json (every name's
lives, removals and returns included) and DIR/Releases.zip (all of it,
byte-reproducible), as the release workflow attaches them.

All files are built before any is written, each is replaced whole,
and a file whose bytes would not change is left alone.`,
	Examples: []string{
		"scrape export -format mtgjson en@current out/",
		"scrape export -format mtgjson es@2026-09-25 out/es/",
		"scrape export -all out/",
		"scrape extract ../shared/corpus/cr-en/en-20260227.txt > en.json && scrape export en.json out/",
	},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(exportFlags)
		f.register(fs, false, true)
		fs.StringVar(&f.format, "format", "mtgjson", "output `format`: mtgjson")
		fs.BoolVar(&f.all, "all", false, "write the files of every recorded release, each as of itself, into DIR/<lang>/<date>/, with DIR/History.json and DIR/Releases.zip")
		return f.run
	},
}

func (f *exportFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if err := cli.OneOf("format", f.format, "mtgjson"); err != nil {
		return err
	}
	if f.all {
		if len(args) != 1 || args[0] == "" {
			return cli.Usagef("-all: need DIR, got %d arguments", len(args))
		}
		return f.runAll(args[0], env)
	}
	if len(args) != 2 || args[1] == "" {
		return cli.Usagef("need SNAPSHOT (a file, lang@date like en@2026-09-25, or lang@current) and DIR, got %d arguments", len(args))
	}
	store := snapshot.Store{Dir: f.snapshots}
	s, err := resolveAsOf(store, args[0])
	if err != nil {
		return err
	}
	var english *snapshot.Snapshot
	if s.Lang != "en" {
		if english, err = export.EnglishOf(store, s); err != nil {
			return err
		}
	}
	files, err := export.Build(s, english)
	if err != nil {
		if args[0] != s.Lang+"@"+s.Effective {
			err = fmt.Errorf("%s: %w", args[0], err)
		}
		return err
	}
	changed, err := export.Write(args[1], files)
	for _, path := range changed {
		fmt.Fprintln(env.Stdout, "wrote", path)
	}
	return err
}

// resolveAsOf reads SNAPSHOT: a recorded release (lang@date) as of itself
// (export.AsOf: a release of rule pages with the other lists of the
// release before), else a file or lang@current as it is.
func resolveAsOf(store snapshot.Store, name string) (*snapshot.Snapshot, error) {
	s, err := resolve(store, name)
	if err != nil || name != s.Lang+"@"+s.Effective {
		return s, err
	}
	h, err := store.History(s.Lang)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(h, func(x *snapshot.Snapshot) bool { return x.Effective == s.Effective })
	if i < 0 {
		return s, nil
	}
	return export.AsOf(h, i)
}

// runAll writes the files of every recorded release and the history.
func (f *exportFlags) runAll(dir string, env cli.Env) error {
	store := snapshot.Store{Dir: f.snapshots}
	if err := cli.InRepository(store.Dir, "snapshots"); err != nil {
		return err
	}
	files, err := export.All(store)
	if err != nil {
		return err
	}
	zipped, err := export.Archive(files)
	if err != nil {
		return err
	}
	files[export.ArchiveFile] = zipped
	names := slices.Sorted(maps.Keys(files))
	written, releases := 0, 0
	for _, n := range names {
		if path.Base(n) == export.SnapshotFile {
			releases++
		}
		ok, err := atomicfile.Write(filepath.Join(dir, filepath.FromSlash(n)), files[n])
		if err != nil {
			return err
		}
		if ok {
			written++
		}
	}
	fmt.Fprintf(env.Stdout, "%d files in %s, %d written (%d releases, %s, %s)\n", len(files), dir, written, releases, export.HistoryFile, export.ArchiveFile)
	return nil
}
