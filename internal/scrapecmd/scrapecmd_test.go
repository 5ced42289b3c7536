package scrapecmd

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

func run(t testing.TB, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Command.Main(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errb})
	return out.String(), errb.String(), code
}

// Every subcommand prints its own page on -h, to stdout, and exits 0.
func TestHelp(t *testing.T) {
	t.Parallel()
	subs := []string{""}
	for _, c := range Command.Subcommands {
		subs = append(subs, strings.TrimPrefix(c.Name, "scrape "))
	}
	for _, sub := range subs {
		args := []string{"-h"}
		name := "scrape"
		if sub != "" {
			args = []string{sub, "-h"}
			name += " " + sub
		}
		out, errs, code := run(t, args...)
		if code != 0 || !strings.HasPrefix(out, name+": ") && strings.Contains(out, "\nusage: "+name+" [flags]") || !strings.Contains(out, "Examples:") || !strings.Contains(out, "Exit status:") || errs != "" {
			t.Errorf("%s -h: exit %d, stdout %.200q, stderr %q", name, code, out, errs)
		}
	}
	out, _, _ := run(t, "-h")
	for _, want := range []string{"lang@current", "-max-shrink", "-live", "report"} {
		if !strings.Contains(out, want) {
			t.Errorf("scrape -h does not mention %s", want)
		}
	}
	if out, _, _ := run(t, "import", "-h"); strings.Contains(out, "-live") {
		t.Error("import -h lists -live, which import does not take")
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	for name, tt := range map[string]struct {
		args []string
		want string
	}{
		"unknown command":   {[]string{"bogus"}, `scrape: unknown command "bogus" (valid: extract, import, diff, report, history, rule, glossary, trace, search, pair, `},
		"unknown flag":      {[]string{"extract", "-bogus", "x"}, "scrape extract: unknown flag -bogus (valid: -effective, -lang, -max-bytes, -sources, -version)"},
		"bad date":          {[]string{"extract", "-effective", "yesterday", "x.txt"}, `-effective: "yesterday" is not a date: want YYYY-MM-DD`},
		"impossible date":   {[]string{"extract", "-effective", "2026-13-45", "x.txt"}, `-effective: "2026-13-45" is not a date: month 13 is not one of 01 to 12`},
		"no such day":       {[]string{"extract", "-effective", "2024-02-30", "x.txt"}, `-effective: "2024-02-30" is not a date: day 30: February 2024 has 29 days`},
		"language":          {[]string{"extract", "-lang", "fr", "x.txt"}, `-lang "fr": want one of en, es`},
		"negative shrink":   {[]string{"-max-shrink", "-1"}, "-max-shrink -1: want a fraction above 0 and at most 1"},
		"zero shrink":       {[]string{"-max-shrink", "0"}, "-max-shrink 0: want a fraction"},
		"format":            {[]string{"diff", "-format", "xml", "a", "b"}, `-format "xml": want one of text, markdown, json`},
		"diff arguments":    {[]string{"diff", "en@2024-04-12"}, "need OLD and NEW"},
		"no files":          {[]string{"import"}, "no files given"},
		"max bytes":         {[]string{"extract", "-max-bytes", "0", "x"}, "-max-bytes 0"},
		"report arguments":  {[]string{"report", "a"}, "need OLD_DIR and NEW_DIR"},
		"history, no name":  {[]string{"history"}, "no name given"},
		"accept, no files":  {[]string{"accept"}, "no files given"},
		"markdown too tiny": {[]string{"diff", "-limit", "10", "a", "b"}, "-limit 10: want at least 1024"},
		"probe arguments":   {[]string{"probe", "now"}, `unexpected arguments ["now"]: probe takes flags only`},
		"scrape arguments":  {[]string{"now"}, `unknown command "now"`},
	} {
		_, errs, code := run(t, tt.args...)
		if code != 2 || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", name, code, errs, tt.want)
		}
	}
}

func TestExtractSeedsSpanish(t *testing.T) {
	t.Parallel()
	src := filepath.Join(corpus.Frozen(t), "sources")
	out, stderr, code := run(t, "extract", "-sources", src,
		filepath.Join(src, "captured", "rule-205.3-es.txt"), filepath.Join(src, "captured", "rule-107.4-es.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	s, err := snapshot.Unmarshal([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	// Facts of the frozen tree's captured pages, which do not change.
	if s.Lang != "es" || s.Effective != corpus.FrozenRelease || len(s.Subtypes["creature"]) != 324 || len(s.ManaSymbols) != 48 {
		t.Errorf("lang %s effective %s creature %d mana %d", s.Lang, s.Effective, len(s.Subtypes["creature"]), len(s.ManaSymbols))
	}
	b, _ := snapshot.Marshal(s)
	if string(b) != out {
		t.Error("extract output is not canonical")
	}
}

func TestExtractErrorsNameFileAndNextStep(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	page := filepath.Join(tmp, "page.txt")
	if err := os.WriteFile(page, []byte("205.3. Subtipos\nSubreglas\nUna carta.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, "extract", "-lang", "es", "-effective", "2026-09-25", page)
	if code != 1 || !strings.Contains(stderr, page) || !strings.Contains(stderr, `page covers rule 205.3 but no fact was found in it: expected the subtype lists, sentences like "Los tipos de artefacto son ..."`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, stderr, _ = run(t, "extract", filepath.Join(tmp, "nope.txt")); !strings.Contains(stderr, "nope.txt") {
		t.Errorf("missing file: %q", stderr)
	}
	big := filepath.Join(tmp, "big.txt")
	if err := os.WriteFile(big, bytes.Repeat([]byte("x"), 4096), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code = run(t, "extract", "-max-bytes", "1024", big); code != 1 || !strings.Contains(stderr, "more than the cap of 1024") {
		t.Errorf("oversize: exit %d %q", code, stderr)
	}
	// An English release read as Spanish says which language it is.
	release := filepath.Join(corpus.Dir(t, "cr-en"), "en-20260227.txt")
	_, stderr, code = run(t, "extract", "-lang", "es", "-sources", tmp, release)
	if code != 1 || !strings.Contains(stderr, "this looks like a document in English: use -lang en") || !strings.Contains(stderr, `no rule says "Los tipos de carta son ..."`) {
		t.Errorf("English read as Spanish: exit %d, %q", code, stderr)
	}
}

func TestExtractOfficialRelease(t *testing.T) {
	t.Parallel()
	path := filepath.Join(corpus.Dir(t, "cr-en"), "en-20160930.txt") // UTF-16 LE
	out, stderr, code := run(t, "extract", "-sources", filepath.Join(corpus.Frozen(t), "sources"), path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	s, err := snapshot.Unmarshal([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if s.Partial || s.Effective != "2016-09-30" || len(s.CardTypes) != 13 || len(s.Subtypes["creature"]) != 235 {
		t.Errorf("partial %v effective %s card types %d creatures %d", s.Partial, s.Effective, len(s.CardTypes), len(s.Subtypes["creature"]))
	}
}

// diff exits 0 whenever it worked, changed or not; with -exit-code, 3
// says the snapshots differ and 0 that they do not.
func TestDiffExitStatusAndErrors(t *testing.T) {
	t.Parallel()
	snaps := filepath.Join(corpus.Frozen(t), "snapshots")
	for flags, want := range map[string]int{"": 0, "-exit-code": exitChanged} {
		args := append(strings.Fields(flags), "en@2024-04-12", "en@2024-07-30")
		out, _, code := run(t, append([]string{"diff", "-snapshots", snaps}, args...)...)
		if code != want || !strings.Contains(out, "~ tribal → kindred") {
			t.Errorf("diff %s of a rename: exit %d (want %d), output:\n%s", flags, code, want, out)
		}
		_, _, code = run(t, append([]string{"diff", "-snapshots", snaps, "-format", "json"}, append(strings.Fields(flags), "en@2025-11-14", filepath.Join(snaps, "en", "2025-11-14.json"))...)...)
		if code != 0 {
			t.Errorf("diff %s of identical snapshots: exit %d", flags, code)
		}
	}
	// Over ten years, through the history in between: one rename.
	out, _, _ := run(t, "diff", "-snapshots", snaps, "en@2016-01-16", "en@2026-02-27")
	if strings.Count(out, "~ ") != 1 || !strings.Contains(out, "~ tribal → kindred") || !strings.Contains(out, "- Cephalid") || !strings.Contains(out, "+ Child") {
		t.Errorf("2016 to 2026:\n%s", out)
	}
	notJSON := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(notJSON, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, tt := range map[string]struct {
		args []string
		code int
		want string
	}{
		"missing release": {[]string{"diff", "-snapshots", snaps, "en@1999-01-01", "en@2024-07-30"}, 1, "no snapshot of en for 1999-01-01"},
		"languages":       {[]string{"diff", "-snapshots", snaps, "en@2024-07-30", "en@2024-07-30"}, 0, ""},
		"not a snapshot":  {[]string{"diff", "-snapshots", snaps, notJSON, "en@2024-07-30"}, 1, "is not a snapshot file (expected the JSON scrape writes"},
	} {
		_, errs, code := run(t, tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, stderr %q", name, code, errs)
		}
	}
}

// On the frozen history, whose past does not change.
func TestHistory(t *testing.T) {
	t.Parallel()
	snaps := filepath.Join(corpus.Frozen(t), "snapshots")
	for name, want := range map[string]string{
		"time lord": "Time Lord (en): creature type, since 2023-10-13",
		"Cephalid":  "Cephalid (en): creature type, since at least 2009-07-11 (the oldest en release known), until 2024-04-12 (gone in 2024-07-30)",
		"tribal":    "tribal (en): card type, since at least 2009-07-11 (the oldest en release known), until 2024-04-12 (gone in 2024-07-30)",
		"Undercity": "Undercity (en): dungeon type, since 2022-06-10",
		"Saga":      "Saga (es): creature type (English Hag)",
		"Urza's":    "Urza’s (en): land type",
		"{C/W}":     "{C/W} (en): monocolored_hybrid mana symbol, since 2024-11-08",
	} {
		out, stderr, code := run(t, "history", "-snapshots", snaps, name)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("history %s: exit %d %s\n%s\nwant %q", name, code, stderr, out, want)
		}
	}
	unknown := absentName(t, snaps, "Time Lord")
	if _, stderr, code := run(t, "history", "-snapshots", snaps, unknown); code != 1 || !strings.Contains(stderr, fmt.Sprintf("%q is in no list of the", unknown)) {
		t.Errorf("unknown name %q: exit %d %q", unknown, code, stderr)
	}
	// Outside the repository there are no snapshots: say so, not "no list".
	if _, stderr, code := run(t, "history", "-snapshots", t.TempDir(), "Time Lord"); code != 1 || !strings.Contains(stderr, "no releases in") || !strings.Contains(stderr, "run from the repository root") {
		t.Errorf("no snapshots: exit %d %q", code, stderr)
	}
}

// A changed captured copy stops the run with the way to accept it; after
// accept, the run goes on.
func TestChangedCaptureAndAccept(t *testing.T) {
	t.Parallel()
	srcDir, snapDir := corpus.CopyProject(t)
	page := filepath.Join(srcDir, "captured", "rule-107.4-es.txt")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append(b, "\nAnuncio\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, "-sources", srcDir, "-snapshots", snapDir)
	if code != 1 || !strings.Contains(stderr, "run 'scrape accept "+page+"'") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	out, stderr, code := run(t, "accept", "-sources", srcDir, page)
	if code != 0 || !strings.Contains(out, "source rule-107.4-es, release 2026-09-25, sha256") {
		t.Fatalf("accept: exit %d %q %q", code, out, stderr)
	}
	out, stderr, code = run(t, "-sources", srcDir, "-snapshots", snapDir)
	if code != 0 || strings.TrimSpace(out) != "no changes" || stderr != "" {
		t.Errorf("after accept: exit %d, stdout %q, stderr %q (quiet by default: no changes, nothing else)", code, out, stderr)
	}
	if _, stderr, code = run(t, "accept", "-sources", srcDir, filepath.Join(srcDir, "sources.json")); code != 1 || !strings.Contains(stderr, "is no captured copy declared") {
		t.Errorf("accepting a non-capture: exit %d %q", code, stderr)
	}
}

// With the English history gone, scrape says to import it, not to force
// a shrink.
func TestMissingHistory(t *testing.T) {
	t.Parallel()
	srcDir, snapDir := corpus.CopyProject(t)
	if err := os.RemoveAll(filepath.Join(snapDir, "en")); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, "-sources", srcDir, "-snapshots", snapDir)
	if code != 1 || !strings.Contains(stderr, "run make history") || strings.Contains(stderr, "-allow-shrink") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// import names the file that fails, and the releases it imported.
func TestImport(t *testing.T) {
	t.Parallel()
	srcDir, snapDir := corpus.CopyProject(t)
	dir := corpus.Dir(t, "cr-en")
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("not the rules"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "en-20250919.txt")
	_, stderr, code := run(t, "import", "-sources", srcDir, "-snapshots", snapDir, good, bad, filepath.Join(dir, "en-20251114.txt"))
	if code != 1 || !strings.Contains(stderr, bad+":") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	out, stderr, code := run(t, "import", "-v", "-sources", srcDir, "-snapshots", snapDir, good)
	if code != 0 || !strings.Contains(out, good+": release 2025-09-19") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

func TestReport(t *testing.T) {
	t.Parallel()
	snaps := filepath.Join(corpus.Frozen(t), "snapshots")
	out, stderr, code := run(t, "report", snaps, snaps)
	if code != 0 || !strings.Contains(out, "No changes.") || !strings.Contains(out, "## Spanish:") {
		t.Errorf("exit %d, %q, %q", code, out, stderr)
	}
	// An empty old directory compares with nothing: everything is new.
	if _, stderr, code = run(t, "report", t.TempDir(), snaps); code != 0 {
		t.Errorf("from nothing: exit %d %q", code, stderr)
	}
	if _, stderr, code = run(t, "report", "-exit-code", t.TempDir(), snaps); code != exitChanged {
		t.Errorf("from nothing, -exit-code: exit %d %q", code, stderr)
	}
	if _, stderr, code = run(t, "report", "-exit-code", snaps, snaps); code != 0 {
		t.Errorf("no change, -exit-code: exit %d %q", code, stderr)
	}
}

// scrape extract holds a release in memory about once: it reads the file
// into one buffer, hashes it once, decodes it once (UTF-8 and
// Windows-1252 are read in place; UTF-16 is decoded to about half its
// size) and keeps only the rules facts come from (of the keyword
// abilities' subrules, the 300 or so that may write a form, with their
// examples). Everything it allocates, output included (a snapshot with
// every keyword title, 260 in 2026, every form and the 190 or so
// subrules the forms are read from, quoted: 150 KB of JSON, which this
// test's capture of standard output holds twice more), stays under three
// and a half times the file. Not parallel: it counts the process's
// allocations, which a test beside it would add to.
func TestExtractMemory(t *testing.T) {
	if raceDetector {
		t.Skip("-race: the detector's own allocations would be counted as extract's")
	}
	dir := corpus.Dir(t, "cr-en")
	for _, date := range []string{"20160930", "20221007", "20250725", "20260227"} { // UTF-16, Windows-1252, UTF-8 BOM CR, UTF-8
		path := filepath.Join(dir, "en-"+date+".txt")
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		run(t, "extract", path) // warm up: packages' tables, the phrase tables
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, errs, code := run(t, "extract", path)
		runtime.ReadMemStats(&after)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", date, code, errs)
		}
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d bytes, %d allocated (%.2fx)", date, fi.Size(), allocated, float64(allocated)/float64(fi.Size()))
		if allocated >= 7*uint64(fi.Size())/2 {
			t.Errorf("%s: extract allocated %d bytes for a file of %d", date, allocated, fi.Size())
		}
	}
}

// What a symbol is lives in the snapshot: a copy of a release whose 107.4f
// asks 3 life for a Phyrexian symbol diffs as a change of meaning of each
// Phyrexian symbol, beside the rule text, and nothing else.
func TestDiffShowsAChangeOfMeaning(t *testing.T) {
	t.Parallel()
	snaps := filepath.Join(corpus.Frozen(t), "snapshots")
	text := string(corpus.Read(t, "20260227"))
	changed := strings.ReplaceAll(text, "or by paying 2 life.", "or by paying 3 life.")
	if strings.Count(text, "or by paying 2 life.") != 2 {
		t.Fatalf("107.4f of 2026-02-27 no longer reads as this test expects")
	}
	dir := t.TempDir()
	txt := filepath.Join(dir, "en-20260227.txt")
	if err := os.WriteFile(txt, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := run(t, "extract", "-sources", filepath.Join(corpus.Frozen(t), "sources"), txt)
	if code != 0 {
		t.Fatalf("extract: exit %d: %s", code, stderr)
	}
	snap := filepath.Join(dir, "changed.json")
	if err := os.WriteFile(snap, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code = run(t, "diff", "-exit-code", "-snapshots", snaps, "en@2026-02-27", snap)
	if code != 3 || !strings.Contains(out, "\nmeaning:\n") ||
		!strings.Contains(out, "mana symbol {W/P}: W; paid with {W} or 2 life; mana value 1 → W; paid with {W} or 3 life; mana value 1") ||
		!strings.Contains(out, "mana symbol {G/U/P}: UG; paid with {G} or {U} or 2 life; mana value 1 → UG; paid with {G} or {U} or 3 life; mana value 1") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	if n := strings.Count(out, "mana symbol {"); n != 15 {
		t.Errorf("%d symbols changed meaning, want the 15 Phyrexian ones:\n%s", n, out)
	}
	out, _, _ = run(t, "diff", "-snapshots", snaps, "-format", "json", "en@2026-02-27", snap)
	if !strings.Contains(out, `"what": "mana symbol"`) || !strings.Contains(out, `"of": "{B/P}"`) {
		t.Errorf("JSON lacks the meanings:\n%s", out)
	}
}

// Run outside the repository (its directories absent), every command that
// reads them says the same thing: run from the repository root, or give
// the flag naming the directory.
func TestOutsideTheRepository(t *testing.T) {
	t.Parallel()
	gone := filepath.Join(t.TempDir(), "absent")
	for _, args := range [][]string{
		{"-sources", gone},
		{"probe", "-sources", gone},
		{"accept", "-sources", gone, "x.txt"},
		{"diff", "-snapshots", gone, "en@2024-04-12", "en@current"},
		{"export", "-snapshots", gone, "en@current", t.TempDir()},
		{"history", "-snapshots", gone, "Elf"},
	} {
		_, stderr, code := run(t, args...)
		flag := strings.TrimPrefix(args[slices.Index(args, gone)-1], "-")
		if want := gone + " not found: run from the repository root, or give -" + flag + " DIR"; code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("%q: exit %d, %q; want %q", args, code, stderr, want)
		}
	}
}

// A release whose rule writes a keyword ability's form that no reader of
// card text could read (more parameters than a reader keeps) is refused,
// naming the rule and the form, and nothing is written.
func TestImportRefusesAFormNoReaderReads(t *testing.T) {
	t.Parallel()
	srcDir, snapDir := corpus.CopyProject(t)
	data, err := os.ReadFile(filepath.Join(corpus.Dir(t, "cr-en"), "en-20260417.txt"))
	if err != nil {
		t.Fatal(err)
	}
	const form, bad = "Ward [cost] means", "Ward [cost] N [cost] N means"
	if !bytes.Contains(data, []byte(form)) {
		t.Fatalf("702.21a of 2026-04-17 does not say %q", form)
	}
	path := filepath.Join(t.TempDir(), "en-20260417.txt")
	if err := os.WriteFile(path, bytes.Replace(data, []byte(form), []byte(bad), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadDir(filepath.Join(snapDir, "en"))
	_, stderr, code := run(t, "import", "-sources", srcDir, "-snapshots", snapDir, path)
	if code != 1 || !strings.Contains(stderr, "rule 702.21a") || !strings.Contains(stderr, "Ward [cost] N [cost] N") || !strings.Contains(stderr, "4 parameters") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if after, _ := os.ReadDir(filepath.Join(snapDir, "en")); len(after) != len(before) {
		t.Errorf("%d snapshots before, %d after a refused import", len(before), len(after))
	}
}
