package scrapecmd

import (
	"context"
	"flag"
	"fmt"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/export"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// exportFlags are one invocation's flags.
type exportFlags struct {
	dirs
	format string
}

var exportCommand = &cli.Command{
	Name:    "scrape export",
	Args:    "SNAPSHOT DIR",
	Summary: "Write a snapshot's lists as MTGJSON v5's Keywords.json and CardTypes.json, and Lists.json.",
	Doc: `export writes DIR/Keywords.json and DIR/CardTypes.json in the shapes of
MTGJSON v5, and DIR/Lists.json, from the rules alone: the keyword actions (701), keyword
abilities (702) and ability words (207.2c); one key per card type of
205.2a, in lower case, with subTypes (the 205.3 list of the category
that goes with it, or []) and superTypes (205.4a). SNAPSHOT is a
snapshot file (one scrape extract printed, say) or a name: lang@date
(en@2026-09-25) or lang@current.

meta.date is the release's effective date; meta.version names this
producer and the release, "crgen+en.20260925", not an MTGJSON version.
Arrays are sorted and never null. Names keep the rules' spelling
("Urza’s"); supertypes and ability words, printed in lower case by the
rules, begin with a capital as cards print them ("Legendary",
"Council’s dilemma"), as MTGJSON lists them.

A Spanish snapshot gives the Spanish card types, supertypes and
subtypes; which card types share a list is read from the English
release of the same date in -snapshots, else the newest before it (one
that does not say it, a rule page of 205.3 alone, is passed over). No
Spanish source names the keywords: a Spanish Keywords.json has empty
lists.

Lists.json holds the lists MTGJSON has no file for, in rule order and
the rules' lower case: colors (each with the letter of its mana symbol,
107.4a), permanentTypes (110.4), zones (400.1), phases (500.1), steps
(each with its phase), keywordCounters (122.1b) and predefinedTokens
(111.10: each token's rule and faces, a face's colors, supertypes,
cardTypes, subtypes, power, toughness and abilities as the rules print
them). A list the release does not give is [].

All files are built before any is written, each is replaced whole,
and a file whose bytes would not change is left alone.`,
	Examples: []string{
		"scrape export -format mtgjson en@current out/",
		"scrape export -format mtgjson es@2026-09-25 out/es/",
		"scrape extract ../shared/corpus/cr-en/en-20260227.txt > en.json && scrape export en.json out/",
	},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(exportFlags)
		f.register(fs, false, true)
		fs.StringVar(&f.format, "format", "mtgjson", "output `format`: mtgjson")
		return f.run
	},
}

func (f *exportFlags) run(ctx context.Context, args []string, env cli.Env) error {
	if err := cli.OneOf("format", f.format, "mtgjson"); err != nil {
		return err
	}
	if len(args) != 2 || args[1] == "" {
		return cli.Usagef("need SNAPSHOT (a file, lang@date like en@2026-09-25, or lang@current) and DIR, got %d arguments", len(args))
	}
	store := snapshot.Store{Dir: f.snapshots}
	s, err := resolve(store, args[0])
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
