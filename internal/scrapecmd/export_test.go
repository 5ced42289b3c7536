package scrapecmd

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen"
	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/export"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// readExport decodes the two files export wrote into dir.
func readExport(t *testing.T, dir string) (*export.Keywords, *export.CardTypes) {
	t.Helper()
	kb, err := os.ReadFile(filepath.Join(dir, export.KeywordsFile))
	if err != nil {
		t.Fatal(err)
	}
	cb, err := os.ReadFile(filepath.Join(dir, export.CardTypesFile))
	if err != nil {
		t.Fatal(err)
	}
	kw, err := export.ReadKeywords(kb)
	if err != nil {
		t.Fatalf("%s: %v", export.KeywordsFile, err)
	}
	ct, err := export.ReadCardTypes(cb)
	if err != nil {
		t.Fatalf("%s: %v", export.CardTypesFile, err)
	}
	return kw, ct
}

// datedAs is the date MTGJSON's meta gives a file of facts of s: the
// newest release they are as of, by s's provenance; s's own without them.
func datedAs(s *snapshot.Snapshot, facts ...string) string {
	date := ""
	for _, f := range facts {
		if p, ok := s.Provenance[f]; ok && s.Has(f) && p.Effective > date {
			date = p.Effective
		}
	}
	if date == "" {
		return s.Effective
	}
	return date
}

// checkExport checks what export wrote of s: its date (that of its
// lists), its card types as keys, the creature types under creature,
// its keyword lists (none in Spanish).
func checkExport(t *testing.T, ref string, s *snapshot.Snapshot, dir string) {
	t.Helper()
	kw, ct := readExport(t, dir)
	kwDate := datedAs(s, snapshot.FactAbilityWords, snapshot.FactKeywordAbilities, snapshot.FactKeywordActions)
	ctDate := datedAs(s, snapshot.FactCardTypes, snapshot.FactSupertypes, snapshot.FactSubtypes)
	if kw.Meta.Date != kwDate || ct.Meta.Date != ctDate || kw.Meta.Version != ct.Meta.Version || !strings.Contains(kw.Meta.Version, s.Lang) {
		t.Errorf("%s: meta %+v and %+v, want the dates %s and %s", ref, kw.Meta, ct.Meta, kwDate, ctDate)
	}
	// MTGJSON keys card types in English in every language: a Spanish
	// card type is keyed by the English one it pairs with.
	english := map[string]string{}
	for _, p := range s.PairingEN[snapshot.FactCardTypes] {
		english[p.ES] = p.EN
	}
	var keys []string
	for _, c := range s.CardTypes {
		if en := english[c]; en != "" {
			c = en
		}
		keys = append(keys, c)
	}
	if got, want := slices.Sorted(maps.Keys(ct.Data)), slices.Sorted(slices.Values(keys)); !slices.Equal(got, want) {
		t.Errorf("%s: keys %q, want the card types %q", ref, got, want)
	}
	if got, want := slices.Sorted(slices.Values(ct.Data["creature"].SubTypes)), slices.Sorted(slices.Values(s.Subtypes["creature"])); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("%s: creature has %d subtypes, want the %d creature types", ref, len(got), len(want))
	}
	lists := map[string][]string{
		snapshot.FactAbilityWords:     kw.Data.AbilityWords,
		snapshot.FactKeywordAbilities: kw.Data.KeywordAbilities,
		snapshot.FactKeywordActions:   kw.Data.KeywordActions,
	}
	for fact, got := range lists {
		want := len(s.List(fact))
		if s.Lang == "en" && want == 0 {
			t.Fatalf("%s lists no %s: the check needs a release that does", ref, fact)
		}
		if len(got) != want {
			t.Errorf("%s: %d %s, the snapshot %d", ref, len(got), fact, want)
		}
	}
}

// English and Spanish, current and recorded, from a copy of the frozen
// tree: the files say what the snapshot says, a second run writes
// nothing, and another directory gets the same bytes.
func TestExport(t *testing.T) {
	t.Parallel()
	snaps := filepath.Join(corpus.FrozenCopy(t), "snapshots")
	store := snapshot.Store{Dir: snaps}
	for _, ref := range []string{"en@current", "es@current", "en@2024-07-30", "es@" + corpus.FrozenRelease} {
		s, err := store.Resolve(ref)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), "out", s.Lang)
		out, stderr, code := run(t, "export", "-format", "mtgjson", "-snapshots", snaps, ref, dir)
		var want string
		for _, f := range []string{export.KeywordsFile, export.CardTypesFile, export.ListsFile, export.SymbolsFile, export.PairsFile, export.SnapshotFile, crgen.NoticeFile} {
			if f != export.PairsFile || s.Lang == "es" {
				want += "wrote " + filepath.Join(dir, f) + "\n"
			}
		}
		if code != 0 || out != want || stderr != "" {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", ref, code, out, stderr)
		}
		checkExport(t, ref, s, dir)
		first := corpus.Digest(t, dir)

		if out, stderr, code = run(t, "export", "-snapshots", snaps, ref, dir); code != 0 || out != "" || stderr != "" {
			t.Errorf("%s again: exit %d, stdout %q, stderr %q; want nothing written", ref, code, out, stderr)
		}
		other := t.TempDir()
		if _, stderr, code = run(t, "export", "-snapshots", snaps, ref, other); code != 0 {
			t.Fatalf("%s into another directory: exit %d %s", ref, code, stderr)
		}
		if second := corpus.Digest(t, other); !maps.Equal(first, second) || !maps.Equal(first, corpus.Digest(t, dir)) || len(first) != strings.Count(want, "\n") {
			t.Errorf("%s: two runs wrote %v and %v", ref, first, second)
		}
	}
	// A past fact: the release that renamed tribal has kindred, with the
	// creature types, and no tribal.
	dir := t.TempDir()
	if _, stderr, code := run(t, "export", "-snapshots", snaps, "en@2024-07-30", dir); code != 0 {
		t.Fatalf("exit %d %s", code, stderr)
	}
	_, ct := readExport(t, dir)
	if _, ok := ct.Data["tribal"]; ok || !slices.Equal(ct.Data["kindred"].SubTypes, ct.Data["creature"].SubTypes) {
		t.Errorf("2024-07-30: tribal %v, kindred %d subtypes, creature %d", ok, len(ct.Data["kindred"].SubTypes), len(ct.Data["creature"].SubTypes))
	}
}

// What scrape extract prints of an official release exports like a
// recorded release.
func TestExportExtracted(t *testing.T) {
	t.Parallel()
	release := corpus.Releases(t)[len(corpus.Releases(t))-1]
	printed, stderr, code := run(t, "extract", "-sources", filepath.Join(corpus.Frozen(t), "sources"), release.Path)
	if code != 0 {
		t.Fatalf("extract: exit %d %s", code, stderr)
	}
	s, err := snapshot.Unmarshal([]byte(printed))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "extracted.json")
	if err := os.WriteFile(file, []byte(printed), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// No -snapshots: an English file needs no store.
	if _, stderr, code = run(t, "export", "-snapshots", filepath.Join(t.TempDir(), "none"), file, dir); code != 0 {
		t.Fatalf("export %s: exit %d %s", file, code, stderr)
	}
	if s.Effective != release.Date {
		t.Fatalf("extract printed %s, the release is %s", s.Effective, release.Date)
	}
	checkExport(t, file, s, dir)
}

// Bad arguments and bad input say what is wrong and write nothing.
func TestExportErrors(t *testing.T) {
	t.Parallel()
	snaps := filepath.Join(corpus.FrozenCopy(t), "snapshots")
	store := snapshot.Store{Dir: snaps}
	es, err := store.Current("es")
	if err != nil || es == nil {
		t.Fatalf("no current Spanish snapshot: %v", err)
	}
	// A store with Spanish and no English.
	noEnglish := filepath.Join(corpus.FrozenCopy(t), "snapshots")
	if err := os.RemoveAll(filepath.Join(noEnglish, "en")); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	notJSON := filepath.Join(tmp, "notes.txt")
	if err := os.WriteFile(notJSON, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A rule page of 205.3 alone, as a file: no card types.
	page := filepath.Join(tmp, "page.json")
	b, err := os.ReadFile(store.HistoryPath("en", corpus.FrozenRelease))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, b, 0o644); err != nil {
		t.Fatal(err)
	}
	aFile := filepath.Join(tmp, "a-file")
	if err := os.WriteFile(aFile, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	const dirArg = "DIR" // replaced by a fresh directory per case
	for name, tt := range map[string]struct {
		args []string
		code int
		want string
	}{
		"unknown format": {[]string{"-format", "csv", "en@current", dirArg}, 2, `-format "csv": want one of mtgjson`},
		"missing DIR":    {[]string{"en@current"}, 2, "need SNAPSHOT (a file, lang@date like en@2026-09-25, or lang@current) and DIR, got 1 arguments"},
		"no arguments":   {nil, 2, "need SNAPSHOT"},
		"too many":       {[]string{"en@current", dirArg, "extra"}, 2, "got 3 arguments"},
		"bad ref":        {[]string{"en@1999-01-01", dirArg}, 1, "no snapshot of en for 1999-01-01"},
		"no current":     {[]string{"xx@current", dirArg}, 1, `no current snapshot for "xx"`},
		"not a snapshot": {[]string{notJSON, dirArg}, 1, notJSON + " is not a snapshot file (expected the JSON scrape writes"},
		"a missing file": {[]string{filepath.Join(tmp, "nope.json"), dirArg}, 1, "nope.json"},
		"partial file":   {[]string{page, dirArg}, 1, page + ": en@" + corpus.FrozenRelease + " carries no card types (rule 205.2a)"},
		"es, no English": {[]string{"-snapshots", noEnglish, "es@current", dirArg}, 1,
			"es@" + es.Effective + ": no English release of " + es.Effective + " or before in " + filepath.Join(noEnglish, "en") + " says which card types share each subtype list"},
		"DIR a file": {[]string{"en@current", aFile}, 1, aFile + " is a file"},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		args := []string{"export", "-snapshots", snaps}
		for _, a := range tt.args {
			if a == dirArg {
				a = dir
			}
			args = append(args, a)
		}
		out, stderr, code := run(t, args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d and %q", name, code, out, stderr, tt.code, tt.want)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%s: %s was created", name, dir)
		}
	}
	if b, err := os.ReadFile(aFile); err != nil || string(b) != "keep" {
		t.Errorf("DIR a file: the file now holds %q (%v)", b, err)
	}
}

func TestExportHelp(t *testing.T) {
	t.Parallel()
	out, stderr, code := run(t, "export", "-h")
	if code != 0 || !strings.HasPrefix(out, "scrape export: ") || !strings.Contains(out, "\nusage: scrape export [flags] SNAPSHOT DIR") || stderr != "" {
		t.Errorf("exit %d, stdout %.200q, stderr %q", code, out, stderr)
	}
	for _, want := range []string{"Keywords.json", "CardTypes.json", "crgen+en.", "lang@current", "Examples:", "Exit status:"} {
		if !strings.Contains(out, want) {
			t.Errorf("scrape export -h does not mention %s", want)
		}
	}
	if out, _, _ := run(t, "-h"); !strings.Contains(out, "export") {
		t.Error("scrape -h does not list export")
	}
}

// export -all writes every recorded release as of itself, History.json
// and the archive, says how many, and a second run writes nothing.
func TestExportAll(t *testing.T) {
	t.Parallel()
	snaps := filepath.Join(corpus.FrozenCopy(t), "snapshots")
	store := snapshot.Store{Dir: snaps}
	releases := 0
	for _, lang := range snapshot.Languages {
		h, err := store.History(lang)
		if err != nil {
			t.Fatal(err)
		}
		releases += len(h)
	}
	dir := t.TempDir()
	out, stderr, code := run(t, "export", "-all", "-snapshots", snaps, dir)
	files := corpus.Digest(t, dir)
	want := fmt.Sprintf("%d files in %s, %d written (%d releases, %s, %s)\n", len(files), dir, len(files), releases, export.HistoryFile, export.ArchiveFile)
	if code != 0 || out != want || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want %q", code, out, stderr, want)
	}
	for _, f := range []string{export.HistoryFile, export.ArchiveFile, filepath.Join("en", "2009-07-11", export.CardTypesFile), filepath.Join("es", corpus.FrozenRelease, export.PairsFile)} {
		if _, ok := files[f]; !ok {
			t.Errorf("no %s in %v files", f, len(files))
		}
	}
	if out, _, code = run(t, "export", "-all", "-snapshots", snaps, dir); code != 0 || !strings.Contains(out, ", 0 written (") {
		t.Errorf("again: exit %d, %q; want nothing written", code, out)
	}
	if _, stderr, code = run(t, "export", "-all", "-snapshots", snaps); code != 2 {
		t.Errorf("-all without DIR: exit %d %s, want a usage error", code, stderr)
	}
}
