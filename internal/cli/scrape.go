// Package cli holds the command-line front ends, so that cmd/* only wire
// them to os.Args and can be tested in-process.
package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
	"github.com/mtgrules/crgen/internal/textenc"
)

const scrapeUsage = `usage:
  scrape [-live] [-allow-shrink] [-max-shrink F]   refresh snapshots/ from sources/
  scrape extract [-lang en|es] [-effective D] FILE...  print one snapshot as JSON
  scrape import FILE...                              add official CR TXT releases to the English history
  scrape diff [-format text|markdown|json] OLD NEW   compare two snapshots (files or lang@date); exit 0 same, 3 changed, 1 error
  scrape history NAME                                since when / until when, in which list, in either language
`

// Scrape runs the scrape command and returns its exit status.
func Scrape(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "extract":
			return report(stderr, extractCmd(args[1:], stdout, stderr))
		case "import":
			return report(stderr, refresh(ctx, "import", args[1:], stdout, stderr))
		case "diff":
			// A workflow branches on this status: 0 same, 3 changed, 1 any error.
			changed, err := diffCmd(args[1:], stdout, stderr)
			switch {
			case err != nil:
				if !errors.Is(err, flag.ErrHelp) {
					fmt.Fprintln(stderr, "scrape:", err)
				}
				return 1
			case changed:
				return 3
			}
			return 0
		case "history":
			return report(stderr, historyCmd(args[1:], stdout, stderr))
		case "help", "-h", "-help", "--help":
			fmt.Fprint(stdout, scrapeUsage)
			return 0
		}
	}
	return report(stderr, refresh(ctx, "scrape", args, stdout, stderr))
}

func report(stderr io.Writer, err error) int {
	if err == nil {
		return 0
	}
	if errors.Is(err, flag.ErrHelp) {
		return 2
	}
	fmt.Fprintln(stderr, "scrape:", err)
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

type usageError struct{ error }

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, scrapeUsage); fs.PrintDefaults() }
	return fs
}

func refresh(ctx context.Context, name string, args []string, stdout, stderr io.Writer) error {
	fs := newFlags(name, stderr)
	opt := scrape.Options{Log: stderr}
	fs.StringVar(&opt.SourcesDir, "sources", "sources", "directory of sources.json and captured documents")
	fs.StringVar(&opt.SnapshotsDir, "snapshots", "snapshots", "snapshot directory")
	fs.BoolVar(&opt.Live, "live", false, "fetch sources from their URLs instead of the captured copies")
	fs.BoolVar(&opt.AllowShrink, "allow-shrink", false, "write even if a list empties or shrinks suspiciously")
	fs.Float64Var(&opt.MaxShrink, "max-shrink", scrape.DefaultShrink, "largest fraction a list may lose without -allow-shrink")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var extra []scrape.Document
	if name == "import" {
		if fs.NArg() == 0 {
			return usageError{errors.New("import: no files given")}
		}
		for _, path := range fs.Args() {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			src := sources.Source{ID: "cr-en", Lang: "en", Format: sources.FormatCRText}
			extra = append(extra, scrape.Document{Source: src, URL: "file:" + filepath.Base(path), Data: data})
		}
	} else if fs.NArg() > 0 {
		return usageError{fmt.Errorf("unexpected arguments %q", fs.Args())}
	}
	plan, err := scrape.Build(ctx, opt, extra)
	if err != nil {
		return err
	}
	for _, lang := range snapshot.Languages {
		s := plan.New[lang]
		if s == nil {
			continue
		}
		fmt.Fprintf(stdout, "%s: effective %s, %s\n", lang, s.Effective, summary(s))
		if old := plan.Old[lang]; old != nil {
			if r := diff.Compare(old, s); !r.Empty() {
				if err := r.Text(stdout, isTerminal(stdout)); err != nil {
					return err
				}
			}
		}
	}
	changed, err := plan.Apply()
	if err != nil {
		return err
	}
	if len(changed) == 0 {
		fmt.Fprintln(stdout, "no changes")
	}
	for _, c := range changed {
		fmt.Fprintln(stdout, "wrote", c)
	}
	return nil
}

func summary(s *snapshot.Snapshot) string {
	n := 0
	for _, names := range s.Subtypes {
		n += len(names)
	}
	return fmt.Sprintf("%d card types, %d supertypes, %d subtypes in %d categories, %d mana symbols",
		len(s.CardTypes), len(s.Supertypes), n, len(s.Subtypes), len(s.ManaSymbols))
}

func extractCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("extract", stderr)
	lang := fs.String("lang", "", "language of the files: en or es (default: from sources.json, else en)")
	effective := fs.String("effective", "", "effective date (YYYY-MM-DD) of rule pages that do not state it")
	srcDir := fs.String("sources", "sources", "directory of sources.json, to recognise captured documents")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{errors.New("extract: no files given")}
	}
	m, _ := sources.Load(*srcDir) // optional: only used to recognise files
	var snaps []*snapshot.Snapshot
	for _, path := range fs.Args() {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		src := identify(m, data, path)
		if *lang != "" {
			if src.Lang != "" && src.Lang != *lang {
				return fmt.Errorf("%s is source %s, which is in %s, not %s", path, src.ID, src.Lang, *lang)
			}
			src.Lang = *lang
		}
		if src.Lang == "" {
			src.Lang = "en"
		}
		if *effective != "" {
			src.Effective = *effective
		}
		if src.Format == sources.FormatHTML && src.Selectors == nil {
			return fmt.Errorf("%s: an HTML page needs selectors: declare it in sources.json", path)
		}
		s, err := scrape.Read(scrape.Document{Source: src, URL: "file:" + filepath.Base(path), Data: data})
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		snaps = append(snaps, s)
	}
	for _, s := range snaps[1:] {
		if s.Lang != snaps[0].Lang || s.Effective != snaps[0].Effective {
			return fmt.Errorf("files are of different releases (%s@%s and %s@%s): extract prints one snapshot", snaps[0].Lang, snaps[0].Effective, s.Lang, s.Effective)
		}
	}
	s, err := scrape.MergeRelease(snaps)
	if err != nil {
		return err
	}
	b, err := snapshot.Marshal(s)
	if err != nil {
		return err
	}
	_, err = stdout.Write(b)
	return err
}

func diffCmd(args []string, stdout, stderr io.Writer) (bool, error) {
	fs := newFlags("diff", stderr)
	format := fs.String("format", "text", "text, markdown or json")
	snapDir := fs.String("snapshots", "snapshots", "snapshot directory, for lang@date names")
	limit := fs.Int("limit", diff.MarkdownLimit, "largest markdown output, in bytes")
	if err := fs.Parse(args); err != nil {
		return false, err
	}
	if fs.NArg() != 2 {
		return false, usageError{errors.New("diff: need OLD and NEW (files, or lang@date like en@2024-07-30, or lang@current)")}
	}
	store := snapshot.Store{Dir: *snapDir}
	old, err := store.Resolve(fs.Arg(0))
	if err != nil {
		return false, err
	}
	cur, err := store.Resolve(fs.Arg(1))
	if err != nil {
		return false, err
	}
	if old.Lang != cur.Lang {
		return false, fmt.Errorf("cannot diff %s with %s: different languages", old.Lang, cur.Lang)
	}
	r := diff.Compare(old, cur)
	switch *format {
	case "text":
		err = r.Text(stdout, isTerminal(stdout))
	case "markdown", "md":
		err = r.Markdown(stdout, *limit)
	case "json":
		err = r.JSON(stdout)
	default:
		return false, usageError{fmt.Errorf("unknown format %q: want text, markdown or json", *format)}
	}
	return !r.Empty(), err
}

func historyCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("history", stderr)
	snapDir := fs.String("snapshots", "snapshots", "snapshot directory")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{errors.New("history: no name given")}
	}
	name := strings.Join(fs.Args(), " ")
	store := snapshot.Store{Dir: *snapDir}
	var all []history.Period
	for _, lang := range snapshot.Languages {
		snaps, err := store.History(lang)
		if err != nil {
			return err
		}
		all = append(all, history.Find(snaps, name)...)
	}
	if len(all) == 0 {
		return fmt.Errorf("%q is in no list of any release in %s", name, *snapDir)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(all)
	}
	for _, p := range all {
		fmt.Fprintln(stdout, p)
	}
	return nil
}

// isTerminal reports whether w is a terminal, for colour; NO_COLOR wins.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// identify recognises a captured document by its sha256, and otherwise
// guesses its format from its content.
func identify(m *sources.Manifest, data []byte, path string) sources.Source {
	if m != nil {
		sum := sources.SHA256(data)
		for _, s := range m.Sources {
			if s.Captured != nil && s.Captured.SHA256 == sum {
				return s
			}
		}
	}
	id := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	trimmed := bytes.TrimLeft(data, "\xef\xbb\xbf \t\r\n")
	if bytes.HasPrefix(trimmed, []byte("<")) {
		return sources.Source{ID: id, Format: sources.FormatHTML}
	}
	if text, _, err := textenc.Decode(data); err == nil && strings.Contains(text, "These rules are effective as of") {
		return sources.Source{ID: id, Format: sources.FormatCRText}
	}
	src := sources.Source{ID: id, Format: sources.FormatPlain}
	if p, err := rulepage.ParsePlain(data); err == nil {
		src.Rule = p.Rule
	}
	return src
}
