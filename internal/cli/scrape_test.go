package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/snapshot"
)

func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Scrape(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestExtractSeedsSpanish(t *testing.T) {
	root := corpus.Root(t)
	out, stderr, code := run(t, "extract", "-sources", filepath.Join(root, "sources"),
		filepath.Join(root, "sources/captured/rule-205.3-es.txt"), filepath.Join(root, "sources/captured/rule-107.4-es.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	s, err := snapshot.Unmarshal([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if s.Lang != "es" || s.Effective != "2026-09-25" || len(s.Subtypes["creature"]) != 324 || len(s.ManaSymbols) != 48 {
		t.Errorf("lang %s effective %s creature %d mana %d", s.Lang, s.Effective, len(s.Subtypes["creature"]), len(s.ManaSymbols))
	}
	// The output is canonical: marshalling it again gives the same bytes.
	b, _ := snapshot.Marshal(s)
	if string(b) != out {
		t.Error("extract output is not canonical")
	}
}

func TestExtractOfficialRelease(t *testing.T) {
	path := filepath.Join(corpus.Dir(t, "cr-en"), "en-20160930.txt") // UTF-16 LE
	out, stderr, code := run(t, "extract", "-sources", filepath.Join(corpus.Root(t), "sources"), path)
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

func TestExtractErrors(t *testing.T) {
	tmp := t.TempDir()
	page := filepath.Join(tmp, "page.txt")
	os.WriteFile(page, []byte("205.3. Subtipos\nSubreglas\nUna carta.\n"), 0o644)
	for name, args := range map[string][]string{
		"no files":         {"extract"},
		"missing file":     {"extract", filepath.Join(tmp, "nope.txt")},
		"no effective":     {"extract", "-lang", "es", page},
		"no facts on page": {"extract", "-lang", "es", "-effective", "2026-09-25", page},
		"unknown flag":     {"extract", "-bogus"},
	} {
		_, stderr, code := run(t, args...)
		if code == 0 {
			t.Errorf("%s: exit 0", name)
		}
		if name != "unknown flag" && !strings.HasPrefix(stderr, "scrape: ") {
			t.Errorf("%s: stderr %q", name, stderr)
		}
	}
	_, stderr, _ := run(t, "extract", "-lang", "es", "-effective", "2026-09-25", page)
	if !strings.Contains(stderr, "rule 205.3: no subrule lists the artifact types") {
		t.Errorf("stderr %q", stderr)
	}
}

func TestDiffExitStatus(t *testing.T) {
	snaps := filepath.Join(corpus.Root(t), "snapshots")
	out, _, code := run(t, "diff", "-snapshots", snaps, "en@2024-04-12", "en@2024-07-30")
	if code != 3 || !strings.Contains(out, "~ tribal → kindred") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	_, _, code = run(t, "diff", "-snapshots", snaps, "-format", "json", "en@2025-11-14", filepath.Join(snaps, "en", "2025-11-14.json"))
	if code != 0 {
		t.Errorf("identical snapshots: exit %d", code)
	}
	for name, args := range map[string][]string{
		"missing release": {"diff", "-snapshots", snaps, "en@1999-01-01", "en@2024-07-30"},
		"languages":       {"diff", "-snapshots", snaps, "en@2026-09-25", "es@2026-09-25"},
		"format":          {"diff", "-snapshots", snaps, "-format", "xml", "en@2024-04-12", "en@2024-07-30"},
		"one argument":    {"diff", "en@2024-04-12"},
	} {
		if _, _, code := run(t, args...); code != 1 {
			t.Errorf("%s: exit %d, want 1", name, code)
		}
	}
}

func TestHistory(t *testing.T) {
	snaps := filepath.Join(corpus.Root(t), "snapshots")
	for name, want := range map[string]string{
		"time lord": "Time Lord (en): creature type, since 2023-10-13, still listed as of 2026-09-25",
		"Cephalid":  "Cephalid (en): creature type, since at least 2016-01-16 (the oldest en release known), until 2024-04-12 (gone in 2024-07-30)",
		"tribal":    "tribal (en): card type, since at least 2016-01-16 (the oldest en release known), until 2024-04-12 (gone in 2024-07-30)",
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
	if _, _, code := run(t, "history", "-snapshots", snaps, "Donkey"); code != 1 {
		t.Errorf("unknown name: exit %d", code)
	}
}
