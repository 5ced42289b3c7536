// Package scrapecmd is the scrape command: it refreshes snapshots/ from
// the sources, and extracts, imports, compares and explains snapshots.
// cmd/scrape only calls Command.Main.
package scrapecmd

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
	"time"

	"github.com/mtgrules/crgen/internal/apiverdict"
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/fetch"
	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
	"github.com/mtgrules/crgen/internal/textenc"
)

// Exit status of diff and report when something changed.
const exitChanged = 3

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
	Flags: refreshFlags,
	Run:   runRefresh,
}

func init() {
	Command.Subcommands = []*cli.Command{extractCommand, importCommand, diffCommand, reportCommand, historyCommand, acceptCommand}
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

var refresh struct {
	dirs
	live, allowShrink, verbose bool
	maxShrink                  float64
	amend                      releaseList
}

// releaseList is a repeatable flag of recorded releases, lang@YYYY-MM-DD.
type releaseList []string

func (l *releaseList) String() string { return strings.Join(*l, ",") }

func (l *releaseList) Set(v string) error {
	for _, k := range strings.Split(v, ",") {
		lang, date, ok := strings.Cut(strings.TrimSpace(k), "@")
		if !ok || cli.OneOf("amend", lang, snapshot.Languages...) != nil || checkDate("amend", date) != nil {
			return fmt.Errorf("%q: want a recorded release as lang@YYYY-MM-DD (en@2026-09-25)", k)
		}
		*l = append(*l, lang+"@"+date)
	}
	return nil
}

func refreshFlags(fs *flag.FlagSet) {
	refresh.register(fs, true, true)
	fs.BoolVar(&refresh.live, "live", false, "fetch every source that has a URL instead of reading its captured copy")
	fs.BoolVar(&refresh.allowShrink, "allow-shrink", false, "write even if a list empties or shrinks by more than -max-shrink")
	fs.Float64Var(&refresh.maxShrink, "max-shrink", scrape.DefaultShrink, "largest `fraction` of a list one update may drop (0.1 is 10%; up to 3 names always may)")
	fs.BoolVar(&refresh.verbose, "v", false, "also print what was read and fetched")
	refresh.amend = nil // a Var keeps its value across runs; the others reset on registration
	fs.Var(&refresh.amend, "amend", "a recorded `release` (lang@YYYY-MM-DD) this run may correct; repeatable. A recorded release is otherwise never rewritten")
}

func checkShrink(f float64) error {
	if !(f > 0 && f <= 1) {
		return cli.Usagef("-max-shrink %v: want a fraction above 0 and at most 1 (0.1 is 10%%)", f)
	}
	return nil
}

func runRefresh(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected arguments %q: scrape takes flags only; commands are %s", args, "extract, import, diff, report, history, accept")
	}
	if err := refresh.check(); err != nil {
		return err
	}
	if err := checkShrink(refresh.maxShrink); err != nil {
		return err
	}
	opt := scrape.Options{SourcesDir: refresh.sources, SnapshotsDir: refresh.snapshots, Live: refresh.live,
		AllowShrink: refresh.allowShrink, MaxShrink: refresh.maxShrink, MaxBytes: refresh.maxBytes, Amend: refresh.amend}
	if refresh.verbose {
		opt.Log = stderr
	}
	return build(ctx, opt, nil, refresh.verbose, stdout, stderr)
}

// build runs the scrape and prints what changed.
func build(ctx context.Context, opt scrape.Options, extra []scrape.Document, verbose bool, stdout, stderr io.Writer) error {
	plan, err := scrape.Build(ctx, opt, extra)
	if err != nil {
		return err
	}
	for _, lang := range snapshot.Languages {
		s := plan.New[lang]
		if s == nil {
			continue
		}
		if verbose {
			fmt.Fprintf(stdout, "%s: effective %s, %s\n", lang, s.Effective, summary(s))
		}
		if old := plan.Old[lang]; old != nil {
			if r := diff.Compare(old, s); !r.Empty() {
				if err := report.Text(stdout, r, isTerminal(stdout)); err != nil {
					return err
				}
			}
		}
	}
	changed, err := plan.Apply()
	if err != nil {
		return err
	}
	for _, l := range []struct {
		what string
		keys []string
	}{{"added to the history", plan.Added}, {"completed (facts the record did not carry)", plan.Completed}, {"amended", plan.Amended}} {
		if len(l.keys) > 0 {
			fmt.Fprintf(stdout, "%s: %s\n", l.what, strings.Join(l.keys, ", "))
		}
	}
	// Warnings go with what changed: a rerun that changes nothing stays
	// quiet about a Spanish lag it already reported.
	if len(changed) > 0 || verbose {
		for _, w := range plan.Warnings {
			fmt.Fprintln(stderr, "warning:", w)
		}
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

// isTerminal reports whether w is a terminal, for colour; NO_COLOR wins.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

var importFlags struct {
	dirs
	allowShrink, verbose bool
	amend                releaseList
}

var importCommand = &cli.Command{
	Name:    "scrape import",
	Args:    "FILE...",
	Summary: "Add official Comprehensive Rules TXT releases to the English history.",
	Doc: `import reads each FILE as an official CR TXT (any encoding Wizards has
published, 2009-07-11 on), adds it to snapshots/en/<date>.json under the
date the document states, and rebuilds the current snapshots. A release
already recorded is left as it is when the file says the same, and
refused when it says otherwise (-amend en@date to correct it on purpose).
Flaws of the official numbering that touch no rule a fact comes from are
read past with a warning naming their lines. make history imports every
release of ../shared/corpus/cr-en.`,
	Examples: []string{"scrape import ../shared/corpus/cr-en/en-20260227.txt"},
	Flags: func(fs *flag.FlagSet) {
		importFlags.register(fs, true, true)
		fs.BoolVar(&importFlags.allowShrink, "allow-shrink", false, "write even if a list empties or shrinks suspiciously")
		fs.BoolVar(&importFlags.verbose, "v", false, "also print what was read")
		importFlags.amend = nil
		fs.Var(&importFlags.amend, "amend", "a recorded `release` (en@YYYY-MM-DD) the import may correct; repeatable")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) == 0 {
			return cli.Usagef("no files given: name the CR TXT releases to import")
		}
		if err := importFlags.check(); err != nil {
			return err
		}
		var extra []scrape.Document
		for _, path := range args {
			data, err := sources.ReadFile(path, importFlags.maxBytes)
			if err != nil {
				return err
			}
			src := sources.Source{ID: "cr-en", Lang: "en", Format: sources.FormatCRText}
			doc := scrape.Document{Source: src, URL: "file:" + filepath.Base(path), Data: data}
			s, _, err := scrape.Read(doc) // each file on its own first, so an error names it
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if importFlags.verbose {
				fmt.Fprintf(stdout, "%s: release %s\n", path, s.Effective)
			}
			extra = append(extra, doc)
		}
		opt := scrape.Options{SourcesDir: importFlags.sources, SnapshotsDir: importFlags.snapshots, AllowShrink: importFlags.allowShrink, MaxBytes: importFlags.maxBytes, Amend: importFlags.amend}
		if importFlags.verbose {
			opt.Log = stderr
		}
		return build(ctx, opt, extra, importFlags.verbose, stdout, stderr)
	},
}

var extractFlags struct {
	dirs
	lang, effective string
}

var extractCommand = &cli.Command{
	Name:    "scrape extract",
	Args:    "FILE...",
	Summary: "Print the snapshot of one release's documents as JSON.",
	Doc: `extract reads FILEs (an official CR TXT, or rule pages in plain text or
HTML) of one language and one release, and prints the snapshot they make
on standard output. Captured copies declared in sources.json are
recognised by their sha256; other files by their content. Rule pages
that do not state their effective date need -effective.`,
	Examples: []string{
		"scrape extract ../shared/corpus/cr-en/en-20260227.txt",
		"scrape extract -lang es -effective 2026-09-25 page-205.3.txt",
	},
	Flags: func(fs *flag.FlagSet) {
		extractFlags.register(fs, true, false)
		fs.StringVar(&extractFlags.lang, "lang", "", "language of the files: en or es (default: from sources.json, else en)")
		fs.StringVar(&extractFlags.effective, "effective", "", "effective `date` (YYYY-MM-DD) of rule pages that do not state it")
	},
	Run: runExtract,
}

// checkDate refuses anything but a real calendar date.
func checkDate(flagName, s string) error {
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return cli.Usagef("-%s %q: want a date as YYYY-MM-DD (2026-09-25)", flagName, s)
	}
	return nil
}

func runExtract(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return cli.Usagef("no files given")
	}
	if err := extractFlags.check(); err != nil {
		return err
	}
	if extractFlags.lang != "" {
		if err := cli.OneOf("lang", extractFlags.lang, snapshot.Languages...); err != nil {
			return err
		}
	}
	if extractFlags.effective != "" {
		if err := checkDate("effective", extractFlags.effective); err != nil {
			return err
		}
	}
	m, _ := sources.Load(extractFlags.sources) // optional: only used to recognise files
	var snaps []*snapshot.Snapshot
	for _, path := range args {
		data, err := sources.ReadFile(path, extractFlags.maxBytes)
		if err != nil {
			return err
		}
		src, sum := identify(m, data, path)
		if extractFlags.lang != "" {
			if src.Lang != "" && src.Lang != extractFlags.lang {
				return fmt.Errorf("%s is source %s, which is in %s, not %s", path, src.ID, src.Lang, extractFlags.lang)
			}
			src.Lang = extractFlags.lang
		}
		if src.Lang == "" {
			src.Lang = "en"
		}
		if extractFlags.effective != "" {
			src.Effective = extractFlags.effective
		}
		if src.Format == sources.FormatHTML && src.Selectors == nil {
			return fmt.Errorf("%s: an HTML page needs selectors: declare it in sources.json", path)
		}
		s, warnings, err := scrape.Read(scrape.Document{Source: src, URL: "file:" + filepath.Base(path), Data: data, SHA256: sum})
		if err != nil {
			return fmt.Errorf("%s: %w%s", path, err, otherLanguageHint(src, data))
		}
		for _, w := range warnings {
			fmt.Fprintln(stderr, "warning:", w)
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

// otherLanguageHint says, when a document failed in one language, that it
// reads in the other: the usual cause is a wrong -lang.
func otherLanguageHint(src sources.Source, data []byte) string {
	for _, other := range snapshot.Languages {
		if other == src.Lang {
			continue
		}
		try := src
		try.Lang = other
		if _, _, err := scrape.Read(scrape.Document{Source: try, Data: data}); err == nil {
			return fmt.Sprintf("\nthis looks like a document in %s: use -lang %s", snapshot.LanguageName(other), other)
		}
	}
	return ""
}

// identify recognises a captured document by its sha256, and otherwise
// guesses its format from its content, without decoding it (reading it
// decodes it, once). It returns the sha256, worked out once.
func identify(m *sources.Manifest, data []byte, path string) (src sources.Source, sum string) {
	sum = snapshot.SHA256(data)
	if m != nil {
		for _, s := range m.Sources {
			if s.Captured != nil && s.Captured.SHA256 == sum {
				return s, sum
			}
		}
	}
	id := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	trimmed := bytes.TrimLeft(data, "\xef\xbb\xbf \t\r\n")
	if bytes.HasPrefix(trimmed, []byte("<")) {
		return sources.Source{ID: id, Format: sources.FormatHTML}, sum
	}
	if textenc.Contains(data, "These rules are effective as of") {
		return sources.Source{ID: id, Format: sources.FormatCRText}, sum
	}
	src = sources.Source{ID: id, Format: sources.FormatPlain}
	if p, err := rulepage.ParsePlain(data); err == nil {
		src.Rule = p.Rule
	}
	return src, sum
}

var diffFlags struct {
	dirs
	format string
	limit  int
}

var diffCommand = &cli.Command{
	Name:    "scrape diff",
	Args:    "OLD NEW",
	Summary: "Compare two snapshots: names added, removed, renamed, moved; rule text word by word.",
	Doc: `OLD and NEW are snapshot files or names: lang@date (en@2024-07-30) or
lang@current. A rename is reported only with evidence in the rule text
outside the list itself; when the history in -snapshots holds releases
between OLD and NEW, a rename must happen in one release step with no
release listing both names, and a move in one step too.`,
	Examples: []string{
		"scrape diff en@2024-04-12 en@2024-07-30",
		"scrape diff -format markdown en@2016-01-16 en@current",
	},
	Exit: []string{"3 the snapshots differ"},
	Flags: func(fs *flag.FlagSet) {
		diffFlags.register(fs, false, true)
		fs.StringVar(&diffFlags.format, "format", "text", "output `format`: text, markdown or json")
		fs.IntVar(&diffFlags.limit, "limit", report.MarkdownLimit, "largest markdown output in `bytes` (GitHub's limit on a comment)")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) != 2 {
			return cli.Usagef("need OLD and NEW (files, lang@date like en@2024-07-30, or lang@current), got %d arguments", len(args))
		}
		if err := checkFormat(diffFlags.format, diffFlags.limit); err != nil {
			return err
		}
		store := snapshot.Store{Dir: diffFlags.snapshots}
		old, err := resolve(store, args[0])
		if err != nil {
			return err
		}
		cur, err := resolve(store, args[1])
		if err != nil {
			return err
		}
		if old.Lang != cur.Lang {
			return cli.Usagef("cannot diff %s with %s: different languages", old.Lang, cur.Lang)
		}
		r := diff.CompareSpan(span(store, old, cur))
		if err := writeReport(stdout, r, diffFlags.format, diffFlags.limit); err != nil {
			return err
		}
		if !r.Empty() {
			return &cli.StatusError{Code: exitChanged}
		}
		return nil
	},
}

func checkFormat(format string, limit int) error {
	if err := cli.OneOf("format", format, "text", "markdown", "json"); err != nil {
		return err
	}
	if limit < 1024 {
		return cli.Usagef("-limit %d: want at least 1024 bytes", limit)
	}
	return nil
}

func writeReport(w io.Writer, r *diff.Report, format string, limit int) error {
	switch format {
	case "markdown":
		return report.Markdown(w, r, limit)
	case "json":
		return report.JSON(w, r)
	}
	return report.Text(w, r, isTerminal(w))
}

// resolve reads a snapshot by file or lang@date, saying what it expected
// when the file is not one.
func resolve(store snapshot.Store, name string) (*snapshot.Snapshot, error) {
	s, err := store.Resolve(name)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	if errors.As(err, &se) || errors.As(err, &te) {
		return nil, fmt.Errorf("%s is not a snapshot file (expected the JSON scrape writes, like snapshots/en/2026-02-27.json): %w", name, err)
	}
	return s, err
}

// span is OLD, the releases of the history strictly between OLD and NEW,
// and NEW: what CompareSpan checks renames and moves against.
func span(store snapshot.Store, old, cur *snapshot.Snapshot) []*snapshot.Snapshot {
	out := []*snapshot.Snapshot{old}
	h, err := store.History(old.Lang)
	if err == nil {
		for _, s := range h {
			if s.Effective > old.Effective && s.Effective < cur.Effective {
				out = append(out, s)
			}
		}
	}
	return append(out, cur)
}

var reportFlags struct {
	format, api string
	limit       int
}

var reportCommand = &cli.Command{
	Name:    "scrape report",
	Args:    "OLD_DIR NEW_DIR",
	Summary: "The pull-request report of a rules update: both languages' diffs and how far Spanish lags.",
	Doc: `report compares two snapshot directories (each holding current/en.json and
current/es.json, and the history in en/ and es/) and prints, in one
document: first what a reviewer decides from (names added, removed,
renamed with their evidence, moved; releases added to or amended in the
history; the Spanish lag; with -api the verdict on the Go API), then
each language's diff with its rule text, and the English names no
Spanish source translates yet ("no Spanish name yet for: ..."). Renames
and moves are checked against NEW_DIR's history. The refresh workflow
writes it as the pull request's body; the review workflow posts the same
report as a comment.`,
	Examples: []string{"scrape report -format markdown /tmp/old-snapshots snapshots"},
	Exit:     []string{"3 something changed"},
	Flags: func(fs *flag.FlagSet) {
		fs.StringVar(&reportFlags.format, "format", "markdown", "output `format`: text, markdown or json")
		fs.IntVar(&reportFlags.limit, "limit", report.MarkdownLimit, "largest markdown output in `bytes` (GitHub's limit on a pull-request body)")
		fs.StringVar(&reportFlags.api, "api", "", "the verdict on the Go API (a `file` written by gen api -json), reported in its own section")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) != 2 {
			return cli.Usagef("need OLD_DIR and NEW_DIR, two snapshot directories; got %d arguments", len(args))
		}
		if err := checkFormat(reportFlags.format, reportFlags.limit); err != nil {
			return err
		}
		rep, err := diff.NewUpdate(snapshot.Store{Dir: args[0]}, snapshot.Store{Dir: args[1]})
		if err != nil {
			return err
		}
		if reportFlags.api != "" {
			if rep.API, err = apiverdict.Read(reportFlags.api); err != nil {
				return err
			}
		}
		switch reportFlags.format {
		case "markdown":
			err = report.UpdateMarkdown(stdout, rep, reportFlags.limit)
		case "json":
			err = report.UpdateJSON(stdout, rep)
		default:
			err = report.UpdateText(stdout, rep)
		}
		if err != nil {
			return err
		}
		if rep.Changed() {
			return &cli.StatusError{Code: exitChanged}
		}
		return nil
	},
}

var historyFlags struct {
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
	Flags: func(fs *flag.FlagSet) {
		historyFlags.register(fs, false, true)
		fs.BoolVar(&historyFlags.json, "json", false, "print JSON")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) == 0 {
			return cli.Usagef("no name given")
		}
		name := strings.Join(args, " ")
		store := snapshot.Store{Dir: historyFlags.snapshots}
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
		if historyFlags.json {
			enc := json.NewEncoder(stdout)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			return enc.Encode(all)
		}
		for _, p := range all {
			fmt.Fprintln(stdout, p)
		}
		return nil
	},
}

var acceptFlags struct {
	dirs
	effective string
}

var acceptCommand = &cli.Command{
	Name:    "scrape accept",
	Args:    "FILE...",
	Summary: "Record captured copies replaced on purpose in sources.json: their sha256 and, for a new release, its date.",
	Doc: `A captured copy in sources/captured/ is verified against the sha256 that
sources.json records, so an edit by mistake stops the scrape. After
replacing a copy on purpose, accept records its new sha256; then run
scrape.

A capture is of one release. A page captured for a new release says so
with -effective, the date of the rules it shows: scrape then records it
as that release, beside the release the old capture recorded, which
stays as it is. Without -effective the capture keeps its release, and a
capture that says something else than the recorded release is refused by
scrape (a correction of the capture is scrape -amend lang@date).`,
	Examples: []string{
		"scrape accept -effective 2027-01-22 sources/captured/rule-205.3-es.txt   # a page of a new release",
		"scrape accept sources/captured/rule-205.3-es.txt                         # the same release, captured again",
	},
	Flags: func(fs *flag.FlagSet) {
		acceptFlags.register(fs, true, false)
		fs.StringVar(&acceptFlags.effective, "effective", "", "effective `date` (YYYY-MM-DD) of the release the captured copies show, when it is a new one")
	},
	Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) == 0 {
			return cli.Usagef("no files given: name the captured copies to accept")
		}
		if acceptFlags.effective != "" {
			if err := checkDate("effective", acceptFlags.effective); err != nil {
				return err
			}
		}
		m, err := sources.Load(acceptFlags.sources)
		if err != nil {
			return err
		}
		for _, path := range args {
			src, err := m.Accept(path)
			if err != nil {
				return err
			}
			if acceptFlags.effective != "" {
				src.Effective = acceptFlags.effective
			}
			release := src.Effective
			if release == "" {
				release = "as the document states"
			}
			fmt.Fprintf(stdout, "%s: source %s, release %s, sha256 %s\n", path, src.ID, release, src.Captured.SHA256)
		}
		b, err := m.Marshal()
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(acceptFlags.sources, "sources.json"), b, 0o644)
	},
}
