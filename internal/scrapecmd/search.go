package scrapecmd

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
)

var searchCommand = &cli.Command{
	Name:    "scrape search",
	Args:    "WORDS...",
	Summary: "Where the rules and the glossary say some words, with their context.",
	Doc: `search finds WORDS in the rules and the glossary of the newest recorded
release, or with -as-of DATE of the release in force that day: every
paragraph (examples included) and every line of a definition where they
occur in a row, whatever their case, quotes or spacing, on word
boundaries. Each match prints its rule (or term) and the words in their
context; -limit caps how many.

It answers from the rule book built into the command (package ruletext).`,
	Examples: []string{"scrape search lethal damage", "scrape search -as-of 2015-06-01 -limit 5 mana ability", "scrape search -json state-based actions"},
	Flags: func(fs *flag.FlagSet) cli.Run {
		f := new(searchFlags)
		f.registerEdition(fs)
		fs.IntVar(&f.limit, "limit", 0, "print at most `n` matches (0: all)")
		fs.IntVar(&f.width, "width", 100, "characters of context around each match")
		return f.run
	},
}

type searchFlags struct {
	editionFlags
	limit, width int
}

type matchOut struct {
	Number  string `json:"number,omitempty"`
	Term    string `json:"term,omitempty"`
	Text    string `json:"text"`
	Start   int    `json:"start"` // the words in Text, in bytes
	End     int    `json:"end"`
	Context string `json:"context"`
}

type searchOut struct {
	Lang    string     `json:"lang"`
	Release string     `json:"release"`
	Words   string     `json:"words"`
	Total   int        `json:"total"`
	Matches []matchOut `json:"matches"`
}

func (f *searchFlags) run(ctx context.Context, args []string, env cli.Env) error {
	words := strings.Join(args, " ")
	if strings.TrimSpace(words) == "" {
		return cli.Usagef("no words to search")
	}
	if f.limit < 0 || f.width < 20 {
		return cli.Usagef("-limit %d, -width %d: want -limit ≥ 0 and -width ≥ 20", f.limit, f.width)
	}
	e, err := f.edition()
	if err != nil {
		return err
	}
	ms := e.Search(words)
	out := searchOut{Lang: f.lang, Release: e.Date(), Words: words, Total: len(ms), Matches: []matchOut{}}
	for _, m := range ms {
		if f.limit > 0 && len(out.Matches) == f.limit {
			break
		}
		out.Matches = append(out.Matches, matchOut{Number: m.Number, Term: m.Term, Text: m.Text, Start: m.Start, End: m.End, Context: m.Context(f.width)})
	}
	if f.json {
		return writeJSON(env.Stdout, out)
	}
	fmt.Fprintf(env.Stdout, "%q in %s@%s: %d matches%s\n", words, f.lang, e.Date(), out.Total, releaseNote(e))
	for _, m := range out.Matches {
		where := m.Number
		if m.Term != "" {
			where = "glossary: " + m.Term
		}
		fmt.Fprintf(env.Stdout, "%s  %s\n", where, m.Context)
	}
	if len(out.Matches) < out.Total {
		fmt.Fprintf(env.Stdout, "(%d more: -limit 0 prints them all)\n", out.Total-len(out.Matches))
	}
	return nil
}
